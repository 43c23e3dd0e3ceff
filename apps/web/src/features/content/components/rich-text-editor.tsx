import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';

export interface RichTextEditorFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
}

/** TipTap through Mantine, storing HTML. Loaded lazily: only the admins' editor pays for it. */
export default function RichTextEditorField({
  label,
  value,
  onChange,
  required = false,
}: RichTextEditorFieldProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(required ? { 'aria-required': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === opened.html ? opened.value : html);
    },
  });
  // The text as it opened, and as the editor writes it ('<p></p>' for ''): typing and then undoing hands the form back
  // the very value it opened with, so the form does not count the field as changed (and Cancel asks nothing).
  const [opened] = useState(() => ({ value, html: editor?.getHTML() ?? value }));
  return (
    <RichTextEditor editor={editor}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
