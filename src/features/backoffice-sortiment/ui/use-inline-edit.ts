import { useState } from 'react';
import type { InputFormat } from '../../../domain/backoffice-validation';
import { readDraft } from '../model/inline-edit';

type Stage = { step: 'idle' } | { step: 'editing' } | { step: 'confirming'; value: string };

/**
 * The steps of an inline edit: idle, editing (the draft read and checked), confirming the value;
 * saving ends in idle whatever the answer (a failure is notified by the query client).
 */
export function useInlineEdit({
  value,
  validate,
  onSave,
  livexCaskOf,
  inputFormat,
}: {
  value: string;
  validate: (input: string) => string | null;
  onSave: (value: string) => Promise<boolean>;
  livexCaskOf?: number;
  inputFormat?: InputFormat;
}) {
  const shown = inputFormat ? inputFormat.show(value) : value;
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [draft, setDraft] = useState(shown);
  const [withLivex, setWithLivex] = useState(false);
  const [saving, setSaving] = useState(false);
  const reading = readDraft(draft, { inputFormat, validate, withLivex, livexCaskOf });
  const abort = () => setStage({ step: 'idle' });
  const propose = () => {
    if (!reading.error) setStage({ step: 'confirming', value: reading.toSave });
  };

  return {
    ...reading,
    stage,
    shown,
    draft,
    setDraft,
    withLivex,
    setWithLivex,
    saving,
    start: () => {
      setDraft(shown);
      setWithLivex(false);
      setStage({ step: 'editing' });
    },
    abort,
    propose,
    onKeyDown: (key: string) => {
      if (key === 'Enter') propose();
      if (key === 'Escape') abort();
    },
    confirm: async () => {
      if (stage.step !== 'confirming') return;
      setSaving(true);
      try {
        await onSave(stage.value);
      } finally {
        setSaving(false);
        setStage({ step: 'idle' });
      }
    },
  };
}
