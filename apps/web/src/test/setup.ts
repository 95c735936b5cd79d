// Minimal Vitest setup for the web project (jsdom): DOM matchers. The app shell's setup adds the rest.
import '@testing-library/jest-dom/vitest';
