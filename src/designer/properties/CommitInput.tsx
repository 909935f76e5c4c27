import { Input } from 'antd';
import { useState } from 'react';

/** Text edited freely and committed on blur, for values that are parsed (JSON, expressions). */
export function CommitInput({
  value,
  onCommit,
  label,
  textarea,
  invalid,
}: {
  value: string;
  onCommit: (text: string) => void;
  label: string;
  textarea?: boolean;
  invalid?: boolean;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const props = {
    'aria-label': label,
    value: text,
    status: invalid ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: () => text !== value && onCommit(text),
  };
  return textarea ? <Input.TextArea rows={4} {...props} /> : <Input size="small" placeholder={label} {...props} />;
}

/** A JSON value edited as text: committed when it parses, marked red while it does not. */
export function JsonInput({ value, onChange, label }: { value: unknown; onChange: (value: unknown) => void; label: string }) {
  const [bad, setBad] = useState(false);
  return (
    <CommitInput
      textarea
      label={label}
      invalid={bad}
      value={JSON.stringify(value ?? null, null, 1)}
      onCommit={(text) => {
        try {
          onChange(JSON.parse(text));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}
