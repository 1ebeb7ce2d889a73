import { z } from 'zod';

// Validation messages without a text of their own (e.g. a missing field) come out in Dutch.
z.config(z.locales.nl());
