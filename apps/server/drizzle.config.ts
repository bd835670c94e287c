import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it needs no database, the server applies the migrations itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
