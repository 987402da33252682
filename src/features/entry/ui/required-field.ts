import classes from './required-field.module.css';

/**
 * Props for a required Mantine input: native `required` (announced by screen readers) and a
 * visual asterisk that is not part of the label text.
 */
export const REQUIRED_FIELD_PROPS = {
  required: true,
  withAsterisk: false,
  classNames: { label: classes.label },
} as const;

export const REQUIRED_LABEL_CLASS = classes.label;
