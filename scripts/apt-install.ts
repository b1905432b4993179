import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs a Debian package with apt when this process may (root, on a system with apt-get): the
 * CI container runs `npm test` as root on Debian. False when it may not or apt fails; the caller
 * then says what to run. `missing` says what is missing, for the line printed before installing.
 */
export function aptInstall(debianPackage: string, missing: string): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`${missing}: installing Debian's ${debianPackage} package (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return (
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit', env })
      .status === 0
  );
}
