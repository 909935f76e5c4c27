/** The build's antd stylesheets, one per motion setting, with the media query each applies under (build/antd-static-styles.ts). */
declare module 'virtual:antd-sheets' {
  const sheets: { href: string; media: string }[];
  export default sheets;
}
