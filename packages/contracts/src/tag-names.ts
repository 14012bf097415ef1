/**
 * What two tag names of one organization must not share (the server's unique `name_key`, the
 * demo's check): the name lower-cased in every script (`École` and `école` are one tag), in its
 * composed Unicode form so that an `é` typed as `e` and a combining accent is the same letter as a
 * precomposed one.
 */
export const tagNameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** Whether two tag names are the same tag's (see `tagNameKey`). */
export const isSameTagName = (a: string, b: string) => tagNameKey(a) === tagNameKey(b);
