import { describeWidget, typing } from '../test-kit.tsx';

describeWidget('textarea', typing('第一行\n第二行', '山区小学的来信'));
