import type { FormEvent } from 'react';
import './forms.css';

/** The preview never sends a form anywhere: a submit only stays on the page. */
export const ignoreSubmit = (event: FormEvent): void => event.preventDefault();
