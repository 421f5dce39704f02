/** Not-found texts of the licence directory (companies and collections); the shared field texts are in namedEntity.ts. */
export const directoryMessages = {
  companyNotFound: 'Company not found.',
  collectionNotFound: 'Collection not found.',
} as const;
