import type { StorybookConfig } from '@storybook/react-vite';

/* Storybook for widget authors: every registered widget has stories (a unit test checks it). */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
