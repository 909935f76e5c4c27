import type { GlobalToken } from 'antd';

/*
 * The login kit's colours and sizes are antd's theme tokens (the root theme's colorPrimary and what antd derives
 * from it), as custom properties on the login area's root that kit.css reads, so the plain-element form looks like
 * antd's large input, button and checkbox. The values are worked out by the build (build/login-kit-tokens.ts, the
 * stylesheet `virtual:login-kit-tokens.css`), not in the browser: the login route then carries none of antd's
 * theme code (issue 21).
 */
export function kitProperties(t: GlobalToken): Record<`--lk-${string}`, string> {
  const px = (n: number) => `${n}px`;
  return {
    '--lk-primary': t.colorPrimary,
    '--lk-primary-hover': t.colorPrimaryHover,
    '--lk-primary-active': t.colorPrimaryActive,
    '--lk-primary-border': t.colorPrimaryBorder,
    '--lk-outline': t.controlOutline,
    '--lk-error': t.colorError,
    '--lk-error-hover': t.colorErrorBorderHover,
    '--lk-error-outline': t.colorErrorOutline,
    '--lk-error-bg': t.colorErrorBg,
    '--lk-error-border': t.colorErrorBorder,
    '--lk-border': t.colorBorder,
    '--lk-text': t.colorText,
    '--lk-text-light': t.colorTextLightSolid,
    '--lk-placeholder': t.colorTextPlaceholder,
    '--lk-icon': t.colorIcon,
    '--lk-icon-hover': t.colorIconHover,
    '--lk-disabled-bg': t.colorBgContainerDisabled,
    '--lk-disabled-text': t.colorTextDisabled,
    '--lk-bg': t.colorBgContainer,
    '--lk-font-family': t.fontFamily,
    '--lk-radius': px(t.borderRadius),
    '--lk-radius-lg': px(t.borderRadiusLG),
    '--lk-radius-sm': px(t.borderRadiusSM),
    '--lk-height': px(t.controlHeight),
    '--lk-height-lg': px(t.controlHeightLG),
    '--lk-font': px(t.fontSize),
    '--lk-line-height': String(t.lineHeight),
    '--lk-line-height-lg': String(t.lineHeightLG),
    '--lk-font-lg': px(t.fontSizeLG),
    '--lk-focus-width': px(t.lineWidthFocus),
    '--lk-loading-opacity': String(t.opacityLoading),
    '--lk-duration': t.motionDurationMid,
  };
}
