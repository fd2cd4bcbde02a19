// Entry point: global styles and the app.
import { mount } from 'svelte';
import App from './App.svelte';
import { prefs } from './lib/prefs.svelte.js';
import './app.css';

document.documentElement.lang = prefs.lang;
mount(App, { target: document.getElementById('app')! });
