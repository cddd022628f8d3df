import { MIN_PASSWORD_LENGTH } from '@asb/contracts';

export interface PasswordChangeValues {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}

/** Spec 2 §5: at least 8 characters, equal to the confirmation. */
export const passwordChangeRules = {
  current_password: (value: string) => (value ? null : 'Enter your current password'),
  new_password: (value: string) => (value.length >= MIN_PASSWORD_LENGTH ? null : `The password must contain at least ${MIN_PASSWORD_LENGTH} characters.`),
  confirm_new_password: (value: string, values: PasswordChangeValues) => (value === values.new_password ? null : 'The passwords do not match.'),
};

/** Server field errors placed under the fields; non_field_errors go under the new password. */
export function passwordFieldErrors(errors: Record<string, string>): Partial<Record<keyof PasswordChangeValues, string>> {
  const newPassword = [errors.new_password, errors.non_field_errors].filter(Boolean).join(' ');
  return {
    current_password: errors.current_password,
    new_password: newPassword || undefined,
    confirm_new_password: errors.confirm_new_password,
  };
}
