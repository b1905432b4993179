import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/ensure-chromium.ts';
