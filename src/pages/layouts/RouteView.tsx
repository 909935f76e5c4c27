import { Outlet } from 'react-router-dom';

/** A menu container ('layouts/RouteView'): shows whichever child route matched. */
export function RouteView() {
  return <Outlet />;
}
