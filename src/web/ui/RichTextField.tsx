import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { TableKit } from '@tiptap/extension-table';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';

/** What a page may do with the editor besides value/onChange, e.g. insert a `{variable}`. */
export interface RichTextFieldHandle {
  /** Inserts plain text at the cursor (at the end when the editor never had a cursor). */
  insertText: (text: string) => void;
  focus: () => void;
}

export interface RichTextFieldProps {
  label: string;
  /** HTML; '' for an empty document. */
  value: string;
  onChange?: (html: string) => void;
  /** Shows the content without the toolbar and without editing (role-2 screens). */
  readOnly?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Height of the writing area, px. */
  minHeight?: number;
  ref?: Ref<RichTextFieldHandle>;
}

/**
 * The one rich-text field of the app (cover letter, email templates). Tiptap through
 * @mantine/tiptap with the spec's toolbar (spec 3 §2 Brochures): heading, bold, italic, link,
 * bulleted list, numbered list, block quote, insert table, undo, redo. Value in and out as HTML;
 * the server sanitises what is stored. Heavy: import it only from lazily loaded pages.
 */
export function RichTextField({
  label,
  value,
  onChange,
  readOnly = false,
  description,
  error,
  required,
  minHeight = 220,
  ref,
}: RichTextFieldProps) {
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The HTML this editor last reported, so an echo of it through `value` does not reset the cursor.
  const emitted = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link,
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A new value from outside (a reset, a reload) replaces the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  useImperativeHandle(
    ref,
    () => ({
      insertText: (text: string) => {
        if (!editor || editor.isDestroyed || !editor.isEditable) return;
        editor.chain().focus().insertContent(text).run();
      },
      focus: () => editor?.commands.focus(),
    }),
    [editor],
  );

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      required={required}
    >
      <RichTextEditor
        editor={editor}
        mt={description ? 4 : 2}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        labels={{ tableInsertControlLabel: 'Insert table' }}
      >
        {!readOnly && <RichTextToolbar />}
        <RichTextEditor.Content
          style={{ minHeight, cursor: readOnly ? 'default' : 'text' }}
          bg={readOnly ? 'var(--mantine-color-gray-0)' : undefined}
        />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

function RichTextToolbar() {
  return (
    <RichTextEditor.Toolbar>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.H2 />
        <RichTextEditor.H3 />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        <RichTextEditor.Blockquote />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.TableInsert />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}
