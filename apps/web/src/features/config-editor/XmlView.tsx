/** The XML view (CodeMirror 6, XML language, 2-space indentation); loaded lazily, in its own chunk. */
import { xml } from '@codemirror/lang-xml';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useRef } from 'react';

interface XmlViewProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
}

const theme = EditorView.theme({
  '&': { maxHeight: '75vh', fontSize: '13px', border: '1px solid var(--mantine-color-default-border)' },
  '.cm-scroller': { overflow: 'auto' },
});

export default function XmlView({ value, onChange, label }: XmlViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** True while the view takes a text from outside: that is no edit of the user. */
  const applying = useRef(false);

  useEffect(() => {
    const editor = new EditorView({
      doc: value,
      parent: host.current!,
      extensions: [
        basicSetup,
        xml(),
        theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !applying.current) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
    // The view is created once; later texts arrive through the effect below.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === value) return;
    applying.current = true;
    try {
      editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
    } finally {
      applying.current = false;
    }
  }, [value]);

  return <div ref={host} />;
}
