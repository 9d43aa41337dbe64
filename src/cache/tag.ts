// A cache folder's tag (bford.info/cachedir): a file of this name whose first bytes are the
// signature. bgaudit tags its cache folder, and its walks pass a tagged folder by.
export const CACHE_TAG = 'CACHEDIR.TAG';
export const CACHE_TAG_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';
