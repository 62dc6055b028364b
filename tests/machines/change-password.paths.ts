/** Path model of changePasswordMachine: editing, submitting and every server answer. */
import type { SnapshotFrom } from 'xstate';
import { changePasswordMachine } from '../../src/machines/change-password/change-password.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { changePasswordInput } from '../support/path-fixtures';

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

const invalid = apiError(422, 'The password field must be at least 6 characters. (and 1 more error)', {
  password: 'The password field must be at least 6 characters.',
  password_confirmation: 'The password field confirmation does not match.',
});

function events({ context }: ChangePasswordSnapshot): PhrasedEvent[] {
  const edits = Object.keys(context.fieldErrors).map(
    (field): PhrasedEvent => [`they edit the ${field} field`, { type: 'form.edit', field }],
  );
  return [
    ['they submit the form', { type: 'password.submit', input: changePasswordInput }],
    ...(edits.length ? edits : ([['they edit a field', { type: 'form.edit', field: 'password' }]] as PhrasedEvent[])),
    ['the server changes the password', done('changePassword', 'Password has been changed successfully.')],
    ['the server rejects the fields (422)', failed('changePassword', invalid)],
    ['the server says the old password is wrong (401)', failed('changePassword', apiError(401, 'Old Password is incorrect'))],
    ['the network fails', failed('changePassword', apiError(0, 'Network error. Please try again.'))],
    ['the server fails (500)', failed('changePassword', apiError(500, 'Something Went Wrong!'))],
  ];
}

function describeState(snapshot: ChangePasswordSnapshot): string {
  const { fieldErrors, message } = snapshot.context;
  const errors = Object.keys(fieldErrors);
  const shown = [message ? `"${message}"` : '', errors.length ? `errors under ${errors.join(', ')}` : ''].filter(Boolean).join(' and ');
  if (snapshot.hasTag('busy')) return 'the form is submitting (button busy)';
  if (snapshot.matches('succeeded')) return `the password is changed, showing ${shown}`;
  if (snapshot.matches('failed')) return `the change failed, showing ${shown || 'nothing'}`;
  return 'the form is ready';
}

export const changePasswordPaths = definePathModel({
  name: 'change-password',
  title: 'Change password (profile tab)',
  source: 'src/machines/change-password/change-password.machine.ts',
  machine: changePasswordMachine,
  starts: [{ name: 'the profile tab', input: undefined }],
  events,
  describeState,
});
