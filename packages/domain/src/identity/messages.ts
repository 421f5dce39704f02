/**
 * User-facing texts of accounts: passwords, reset, invitations and users administration.
 * Where spec 1 (§5, §8) gives a text it is quoted exactly; the others are ours (docs/accounts.md).
 */
export const accountMessages = {
  /** spec §5 */
  passwordPolicy: 'Min. 8 characters with at least one capital letter, a number and a special character and no white spaces.',
  /** spec §5 */
  passwordMustMatch: 'Password must match',
  /** spec §5: the new password must differ from the current one */
  passwordMustDiffer: 'The new password must differ from the current one.',
  /** spec §5: reset screen, empty e-mail or password */
  required: 'Required',
  /** spec §5: tooltip of the asterisk on required fields */
  requiredField: 'Required field',
  /** spec §5: 'A warning shows when the password expires in N days' */
  passwordExpiresIn: 'Your password expires in {days} days',
  passwordExpired: 'Your password has expired. Choose a new password.',
  currentPasswordWrong: 'The current password is incorrect.',
  emailNotYours: 'This is not the e-mail address of your account.',
  /** spec §8 */
  passwordUpdated: "Successfully updated {name}'s password",
  /** spec §8 */
  passwordUpdateFailed: 'Failed to change password',
  /** spec §4, §8 */
  passwordReset: 'Your password has been reset',
  /** the one answer of /user/password/forgot, whether or not the address has an account */
  resetLinkSent: 'If an account exists for this e-mail address, we have sent it a link to reset the password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  /** the one answer of /user/invite, whether or not the address has an account */
  invitationSent: 'The invitation has been sent to {email}.',
  invitationInvalid: 'This invitation is invalid or has expired. Ask your administrator for a new one.',
  invitationAccepted: 'Your account is ready. Sign in with your e-mail address and new password.',
  accountDisabled: 'This account is disabled.',
  userNotFound: 'User not found',
  /** spec §8 */
  userUpdated: 'Updated user {name}',
  /** spec §8 (sic) */
  userUpdateFailed: 'Failed to Updated user',
  userAddedToLicence: 'Added {name} to the licence',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin rights.',
  cannotRemoveSelf: 'You cannot remove yourself from the licence.',
  onlySystemAdminForSystemAdmin: 'Only a system admin can change a system admin.',
  otherLicencesNeedSystemAdmin: 'This user also works in licences you do not administer; ask a system admin.',
  notInLicence: 'This user is not in the licence.',
} as const;

/** Error code of the sign-in limiter's 429 answer; its Retry-After header says when to try again (seconds). */
export const SIGN_IN_LOCKED_CODE = 'sign-in-locked';
/** Spec 1 §2: an error code containing this number sends the user to settings?status=reset (password must be reset). */
export const PASSWORD_RESET_REQUIRED_CODE = '1656583722774';
