// Svelte compiler options shared by Vite, vitest and svelte-check: TypeScript in <script lang="ts">.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  compilerOptions: { runes: true, discloseVersion: false },
};
