import type { Decorator } from '@storybook/react-vite';
import { App } from 'antd';

/*
 * Storybook helpers for widgets that talk to the server or show messages: an antd App (for
 * App.useApp messages) and a fetch stub answering the dictionary calls with fixed data, so no
 * server is needed.
 */

type Handler = (url: URL) => unknown;

const envelope = (result: unknown) =>
  new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: Date.now() }), { headers: { 'content-type': 'application/json' } });

/** Routes answered by path suffix; anything else goes to the real fetch. */
export function withServerStub(routes: Record<string, Handler>): Decorator {
  return (Story) => {
    const real = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      const route = Object.keys(routes).find((path) => url.pathname.includes(path));
      return route ? envelope(routes[route](url)) : real(input, init);
    };
    return <Story />;
  };
}

export const withAntApp: Decorator = (Story) => (
  <App>
    <Story />
  </App>
);
