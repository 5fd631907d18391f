/**
 * Builds the CDK app's contents: the stage's stack (from `-c stage=...`) checked by cdk-nag's
 * AwsSolutions and Serverless packs at synth. Shared by app.ts (the CLI's entry) and the tests,
 * so both synthesise exactly the same thing.
 */
import { Validations } from 'aws-cdk-lib';
import type { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { LatentJobsStack, stackId } from './latent-jobs-stack';
import { readStageSettings } from './stage';

export interface ComposeOptions {
  /** Folder of the built SPA (default frontend/dist). */
  siteDir?: string;
}

/** Adds the stage's stack and the cdk-nag checks to `app`; returns the stack. */
export const composeApp = (app: App, options: ComposeOptions = {}): LatentJobsStack => {
  const settings = readStageSettings(app);
  const stack = new LatentJobsStack(app, stackId(settings), { settings, ...options });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return stack;
};
