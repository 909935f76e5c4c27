import { ExceptionPage } from './ExceptionPage.tsx';

export default function Exception404() {
  return <ExceptionPage type={404} />;
}
