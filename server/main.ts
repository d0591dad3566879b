import { runCommandLine } from './cli';

void runCommandLine(process.argv.slice(2), process.env).then((code) => process.exit(code));
