export { QueryError } from './errors';
export { compareValues, compareStrings, valuesEqual, typeRank, isPlainObject, type PlainObject } from './values';
export { lookup, expandBranches, splitPath, type Branch } from './paths';
export { compileFilter, compileValuePredicate, matches, isOperatorObject, type DocumentPredicate } from './matches';
export { applyUpdate, isReplacement, upsertSeed, validateUpdate, type Update } from './update';
export { compileProjection, project, type CompiledProjection } from './project';
export { compileSort, sortDocuments, type CompiledSort, type SortKey } from './sort';
