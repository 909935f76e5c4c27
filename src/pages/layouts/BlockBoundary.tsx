import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';

/** One failing block never takes the page down: it says what failed and the rest keeps working. */
export class BlockBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(prev: { name: string }) {
    if (prev.name !== this.props.name && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = /Loading chunk|dynamically imported module|ChunkLoadError/i.test(this.state.error.message);
    return (
      <Alert
        type="error"
        showIcon
        message={chunk ? '页面资源加载失败，请刷新页面重试' : '页面渲染出错'}
        description={<code>{this.state.error.message}</code>}
      />
    );
  }
}
