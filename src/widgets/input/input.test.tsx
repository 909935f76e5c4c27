import { describeWidget, typing } from '../test-kit.tsx';

describeWidget('input', typing('希望工程', '你好，世界'));
