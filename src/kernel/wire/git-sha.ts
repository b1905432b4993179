// A git object name, as the proposals and history APIs carry commits and blobs.
import { z } from 'zod';

/** 40 hexadecimal digits: a commit's or a blob's SHA-1. */
export const GitSha = z
  .string()
  .regex(/^[0-9a-f]{40}$/, 'a git object name is 40 hexadecimal digits');

export const isGitSha = (value: string) => GitSha.safeParse(value).success;
