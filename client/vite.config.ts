import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { blueprintIconBuckets, iconChunkName } from './vite/blueprintIconBuckets';

const GATEWAY = process.env.DMS_GATEWAY_URL ?? 'http://localhost:8080';

/** A proxy to the gateway; a browser navigation that asks for HTML gets the SPA instead. */
function api(extra: ProxyOptions = {}): ProxyOptions {
  return {
    target: GATEWAY,
    changeOrigin: false,
    bypass: (req) => {
      if (req.method === 'GET' && req.headers.accept?.includes('text/html')) return '/index.html';
      return undefined;
    },
    ...extra,
  };
}

/** Modules grouped into named chunks; everything else is split by Rolldown from the import graph. */
function chunkName(id: string): string | null {
  // Blueprint's icon paths, one chunk per size and first letter, fetched on demand by lib/icons.
  const icon = iconChunkName(id);
  if (icon) return icon;
  if (/node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor|fast-deep-equal)[\\/]/.test(id)) return 'echarts';
  if (/node_modules[\\/]pinyin-pro[\\/]/.test(id)) return 'pinyin';
  if (
    /node_modules[\\/](socket\.io-client|engine\.io-client|engine\.io-parser|socket\.io-parser|@socket\.io)[\\/]/.test(
      id,
    )
  ) {
    return 'socket';
  }
  if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  return null;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), blueprintIconBuckets()],
  // Blueprint reads a global NODE_ENV (not process.env) to drop its development-only checks and warnings.
  define: { NODE_ENV: JSON.stringify(mode === 'production' ? 'production' : 'development') },
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    port: 5173,
    proxy: {
      // The gateway serves REST under API_BASE (/api, shared/src/contracts/http/paths.ts) and socket.io at
      // /socket.io; health and the OpenAPI document sit at the root.
      '/api': api(),
      '/socket.io': api({ ws: true }),
      '/healthz': api(),
      '/openapi.json': api(),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the console supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Without this a group also takes in what its modules import (tslib, React), and the entry that
          // shares them then loads the whole ECharts chunk on the login page.
          includeDependenciesRecursively: false,
          groups: [{ name: chunkName }],
        },
      },
    },
  },
}));
