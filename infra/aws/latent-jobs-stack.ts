/**
 * One stage of Latent Jobs on AWS (dev or prod): the constructs per concern composed into one
 * stack with an explicit environment. Later features add their constructs here (auth: the
 * Cognito pool and the JWT authorizer passed to Api; crawler; alerts) and register their alarms
 * with `monitoring`.
 */
import path from 'node:path';
import { Stack, Tags } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { StageSettings } from './stage';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Crawler } from './constructs/crawler';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { REPO_ROOT } from './constructs/service-function';
import { Web } from './constructs/web';
import { Alerts } from './constructs/alerts';
import { Email } from './constructs/email';
import { EcbRatesRefresh } from './constructs/ecb-rates';
import { SearchSnapshotBuilder } from './constructs/search-snapshots';

export interface LatentJobsStackProps extends StackProps {
  settings: StageSettings;
  /** Folder of the built SPA (default frontend/dist). */
  siteDir?: string;
}

export class LatentJobsStack extends Stack {
  readonly settings: StageSettings;
  readonly monitoring: Monitoring;
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: Web;
  readonly alerts: Alerts;
  readonly email: Email;
  readonly crawler: Crawler;
  readonly ecbRates: EcbRatesRefresh;
  readonly searchSnapshots: SearchSnapshotBuilder;

  constructor(scope: Construct, id: string, props: LatentJobsStackProps) {
    const { settings } = props;
    super(scope, id, {
      ...props,
      env: { account: settings.account, region: settings.region },
      description: `Latent Jobs (${settings.name}): job board API, tables and site`,
    });
    this.settings = settings;
    Tags.of(this).add('project', 'latent-jobs');
    Tags.of(this).add('stage', settings.name);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      period: settings.alarmPeriod,
      functionErrorThreshold: settings.functionErrorThreshold,
      api5xxRatePercent: settings.api5xxRatePercent,
      alarmEmail: settings.alarmEmail,
    });
    this.data = new Data(this, 'Data', { removalPolicy: settings.removalPolicy });
    // The site's address is known once Web exists; the app client reads it lazily at synth.
    this.auth = new Auth(this, 'Auth', {
      siteOrigins: () => [
        settings.domainName === undefined ? `https://${this.web.distribution.distributionDomainName}` : `https://${settings.domainName}`,
        ...(settings.name === 'dev' ? ['http://localhost:3000'] : []),
      ],
      domainPrefix: settings.authDomainPrefix,
      googleClientId: settings.googleClientId,
      removalPolicy: settings.removalPolicy,
    });
    this.api = new Api(this, 'Api', {
      stage: settings,
      data: this.data,
      monitoring: this.monitoring,
      contentful: settings.contentful,
      authorizer: this.auth.authorizer,
      // The MCP function verifies signed-in tools' tokens itself (its route is public), and names the
      // site it accepts as Host when the site's address is known before the distribution exists.
      environment: {
        users: this.auth.environment,
        mcp: { ...this.auth.environment, ...(settings.domainName === undefined ? {} : { SITE_URL: `https://${settings.domainName}` }) },
      },
    });
    this.crawler = new Crawler(this, 'Crawler', { stage: settings, data: this.data, monitoring: this.monitoring });
    // The ECB rates the crawl workers convert pay with (issue 11.4), refreshed daily.
    this.ecbRates = new EcbRatesRefresh(this, 'EcbRates', { stage: settings, data: this.data, monitoring: this.monitoring });
    // The search snapshot the jobs function loads (issue 19.1), rebuilt when the catalog version moves.
    this.searchSnapshots = new SearchSnapshotBuilder(this, 'SearchSnapshots', { stage: settings, data: this.data, monitoring: this.monitoring });
    this.web = new Web(this, 'Web', {
      apiDomainName: this.api.domainName,
      apiOriginSecret: this.api.originSecret,
      siteDir: props.siteDir ?? path.join(REPO_ROOT, 'frontend', 'dist'),
      removalPolicy: settings.removalPolicy,
      logRetention: settings.logRetention,
      domainName: settings.domainName,
      certificateArn: settings.certificateArn,
      webAclArn: settings.webAclArn,
      cspExtraSources: { 'connect-src': this.auth.connectSources },
      logoBucket: this.crawler.logoBucket,
    });
    // Daily digest (issue 6). Context: mailDomain (SES identity; default the site's domain, else a
    // placeholder to replace), digestHourUtc (default 7), postalAddress, sesSendRate (default 10/s).
    const context = (key: string): string | undefined => (this.node.tryGetContext(key) as string | undefined) || undefined;
    // Who may be emailed (issue 6, part B): the link-signing secret first, shared with the digest.
    this.email = new Email(this, 'Email', { stage: settings, data: this.data, monitoring: this.monitoring });
    const mail = {
      mailDomain: context('mailDomain') ?? settings.domainName ?? 'latentjobs.example',
      siteUrl: settings.domainName === undefined ? `https://${this.web.distribution.distributionDomainName}` : `https://${settings.domainName}`,
      postalAddress: context('postalAddress') ?? 'Latent Jobs, postal address not configured (set -c postalAddress=...)',
      sendRate: Number(context('sesSendRate') ?? 10),
    };
    // Company logos' own URLs (issue 13.5) start with the site's origin.
    for (const worker of Object.values(this.crawler.workers)) worker.fn.addEnvironment('SITE_URL', mail.siteUrl);
    this.alerts = new Alerts(this, 'Alerts', {
      stage: settings,
      data: this.data,
      monitoring: this.monitoring,
      ...mail,
      hourUtc: Number(context('digestHourUtc') ?? 7),
      tokenSecret: this.email.tokenSecret,
    });
    this.email.attach({ ...mail, configurationSet: this.alerts.configurationSet, apiFunction: this.api.functions.get('email')?.fn });
  }
}

/** The stack's id for a stage, e.g. "LatentJobs-prod". */
export const stackId = (settings: Pick<StageSettings, 'name'>): string => `LatentJobs-${settings.name}`;
