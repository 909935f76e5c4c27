import { AnnouncementModal } from './AnnouncementModal.tsx';
import { ChangePassword } from './ChangePassword.tsx';
import { DepartSelect } from './DepartSelect.tsx';

/** The dialogs any part of the shell may open (see store.ts), mounted once inside the layout. */
export function ShellDialogs() {
  return (
    <>
      <ChangePassword />
      <DepartSelect />
      <AnnouncementModal />
    </>
  );
}
