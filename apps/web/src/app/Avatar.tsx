import type { User } from '@stramien/api';

/** First letters of the first and last name: 'Anna de Vries' -> 'AV'. */
export const initials = (name: string): string => {
  const letters = name
    .split(/\s+/)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .filter((letter) => /\p{L}/u.test(letter));
  return letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? '');
};

/** The user's photo, or their initials on the primary colour. */
export const Avatar = ({ user }: { user: Pick<User, 'name' | 'photo'> }) =>
  user.photo ? (
    <img className="stramien-avatar" src={`data:${user.photo.mimetype};base64,${user.photo.file}`} alt="" />
  ) : (
    <span className="stramien-avatar stramien-avatar--initials" aria-hidden="true">
      {initials(user.name) || '?'}
    </span>
  );
