/**
 * The CDK app (cdk.json runs it with tsx): `npx cdk synth -c stage=dev|prod`, optionally with
 * `-c account=... -c region=...` (see stage.ts for every context key).
 */
import { App } from 'aws-cdk-lib';
import { composeApp } from './compose';

const app = new App();
composeApp(app);
app.synth();
