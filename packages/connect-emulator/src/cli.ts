#!/usr/bin/env node
import { DEFAULT_PORT } from './constants';

process.stdout.write(`connect-emulator: default port ${DEFAULT_PORT}\n`);
