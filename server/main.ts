import { runCli, USAGE, UsageError } from './cli';
import { errorMessage } from '../core/rules/errorMessage';

runCli(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else console.error(`Storefront Studio server: ${errorMessage(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
