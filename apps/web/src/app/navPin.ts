import { useCallback, useState } from 'react';

/** The nav-pin preference lives in a cookie (spec §3) and is pinned on first load (spec §4). */
export const NAV_PIN_COOKIE = 'stramien.navPinned';

export const readNavPinned = (cookie: string = document.cookie): boolean => {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NAV_PIN_COOKIE}=`));
  return entry === undefined ? true : entry.slice(NAV_PIN_COOKIE.length + 1) !== '0';
};

export const writeNavPinned = (pinned: boolean): void => {
  document.cookie = `${NAV_PIN_COOKIE}=${pinned ? '1' : '0'}; path=/; max-age=31536000; SameSite=Lax`;
};

export const useNavPinned = (): [boolean, () => void] => {
  const [pinned, setPinned] = useState(() => readNavPinned());
  const toggle = useCallback(() => {
    setPinned((current) => {
      writeNavPinned(!current);
      return !current;
    });
  }, []);
  return [pinned, toggle];
};
