/** The run Files tab offers "Import as table" only for .csv and .csv.gz files (spec 1 §2.17). */
export const isFilesTabImportable = (name: string): boolean => /\.csv(\.gz)?$/i.test(name);
