import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { loginKitTokens } from './build/login-kit-tokens.ts';
import { precompressedAssets } from './build/precompress.ts';

const API_PORT = Number(process.env.API_PORT || 3000);

/*
 * react-router's package exports name only its development build (warnings and checks included); the build
 * takes the production one it ships beside it (0.4 KB less gzip on the login route, issue 21).
 */
const routerBuild = (file: string) => fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/*
 * antd's form context, which every input imports, takes only FormProvider from rc-field-form, but the package's
 * index assigns Field, List and useForm to its Form as it loads, so importing it brought the whole form library
 * and its validator (13 KB gzip) onto the login route. The context gets the same FormProvider from the module
 * that defines it; antd's Form, where it is used, still imports the full index.
 */
const formProviderOnly: Plugin = {
  name: 'antd-form-context-provider-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== 'rc-field-form' || !importer?.replaceAll('\\', '/').endsWith('/antd/es/form/context.js')) return null;
    return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), formProviderOnly, loginKitTokens(), antdStaticStyles(), precompressedAssets()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev`: the Vite dev server forwards API and runtime config to the Fastify server.
    proxy: {
      '/hope-boot': { target: `http://127.0.0.1:${API_PORT}`, ws: true },
      '/runtime-config.js': `http://127.0.0.1:${API_PORT}`,
    },
  },
}));
