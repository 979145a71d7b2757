// Catalogue tables (titles, seasons, episodes, people, ...). Filled in by the catalogue module.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogTables {}
