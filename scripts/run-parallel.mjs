// `npm test`'s first half: runs npm scripts side by side and prints each one's output whole
// (stdout and stderr, in the order written) once it ends, so the outputs never interleave; exits
// with the first failed script's code once every script has ended and every output is written.
//
//   node scripts/run-parallel.mjs typecheck lint test:unit build
//
// Not npm-run-all2's `run-p --aggregate-output`, nor concurrently's `--group`: both end their
// process with `process.exit()` right after writing the last output, and what a slow reader (a CI
// log collector) had not yet taken from the pipe was lost. A CI run lost the unit tests' summary
// this way, which on a failure holds the failures themselves; piped through a reader taking 0.2 ms
// a line, 6,000 lines came through as 1,764 (npm-run-all2) and 1,866-2,175 (concurrently).
// Here the process ends by itself, after Node has written everything out.
//
// A script that fails does not stop the others: the run reports every failure at once.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <npm script>...");
  process.exit(2);
}

// The npm that runs us (npm sets npm_execpath), else the one on the PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];

/** @param {string} name @returns {Promise<number>} the script's exit code */
function run(name) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const output = [];
    const child = spawn(npm[0] ?? "npm", [...npm.slice(1), "run", name], {
      stdio: ["ignore", "pipe", "pipe"],
      // Each script writes to a pipe; in a terminal it keeps the colours it would have there.
      env: process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (err) => {
      output.push(Buffer.from(`${name} could not start: ${err.message}\n`));
    });
    child.on("close", (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      if (code === 0) return resolve(0);
      process.stdout.write(`\n${name} failed (${signal ? `signal ${signal}` : `exit code ${code}`})\n`);
      // Ended by a signal, a script has no exit code of its own: it still fails the run.
      resolve(code || 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
