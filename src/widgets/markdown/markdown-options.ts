import rehypeSanitize from 'rehype-sanitize';

/*
 * The preview renders the HTML a text may hold (the editor's preview parses raw HTML): GitHub's sanitising schema
 * keeps what Markdown needs and drops scripts, handlers and javascript: links, in the editor and in a detail alike.
 */
export const previewOptions = { rehypePlugins: [[rehypeSanitize]] as never };
