/**
 * The edited config in both views (spec 1 §2.14): the Config model the form edits, the XML text the XML view
 * edits, and the text last saved. A form edit rewrites the XML; an XML edit that parses replaces the model; one that
 * does not parse keeps the last good model and blocks saving.
 */
import { MatsimFormatError, parseConfigText, writeConfigText, type Config } from '@corridor/matsim/config-text';

export interface XmlError {
  reason: string;
  line?: number;
  column?: number;
}

export interface ConfigDocument {
  config: Config;
  xml: string;
  xmlError?: XmlError;
  /** The editor-style text of the config as last loaded or saved. */
  saved: string;
}

/** The text the editor saves: 2-space indentation, empty values and empty modules dropped. */
export const configText = (config: Config): string => writeConfigText(config, { style: 'editor' });

function xmlError(error: unknown): XmlError {
  if (error instanceof MatsimFormatError) {
    return { reason: error.reason, ...(error.line !== undefined ? { line: error.line, column: error.column } : {}) };
  }
  return { reason: error instanceof Error ? error.message : String(error) };
}

/** Opens a file's text; a file that does not parse opens with the error, its text in the XML view. */
export function openDocument(text: string): ConfigDocument {
  try {
    const config = parseConfigText(text);
    const xml = configText(config);
    return { config, xml, saved: xml };
  } catch (error) {
    return { config: { modules: [] }, xml: text, xmlError: xmlError(error), saved: text };
  }
}

export function editForm(document: ConfigDocument, change: (config: Config) => Config): ConfigDocument {
  const config = change(document.config);
  return { config, xml: configText(config), saved: document.saved };
}

export function editXml(document: ConfigDocument, xml: string): ConfigDocument {
  try {
    return { config: parseConfigText(xml), xml, saved: document.saved };
  } catch (error) {
    return { ...document, xml, xmlError: xmlError(error) };
  }
}

/** Whether saving would change the file: an unreadable XML text always counts as a change. */
export function isDirty(document: ConfigDocument): boolean {
  return document.xmlError !== undefined || configText(document.config) !== document.saved;
}

export function markSaved(document: ConfigDocument, text: string): ConfigDocument {
  return { ...document, saved: text };
}
