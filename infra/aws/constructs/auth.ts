/**
 * Sign-in (issue 5): the Cognito user pool, Google as its identity provider, the hosted sign-in
 * domain, the SPA's app client, and the HTTP API's JWT authorizer that accepts that client's tokens.
 *
 * - Google: client id from context (`googleClientId`); the client secret lives in a Secrets
 *   Manager secret this construct creates (set its value after the first deploy, then deploy
 *   again); the template only holds a `{{resolve:secretsmanager:...}}` reference. Without
 *   `googleClientId` the pool is built without Google (a synth warning says so) and nobody can
 *   sign in through the SPA until it is set.
 * - Hosted domain: `<domainPrefix>.auth.<region>.amazoncognito.com`.
 * - App client: public (no secret), authorization code grant with PKCE, scopes openid, email,
 *   profile; returns to `<site>/dashboard` after sign-in and `<site>/` after sign-out.
 * - Authorizer: issuer `https://cognito-idp.<region>.amazonaws.com/<pool id>`, audience the app
 *   client. It cannot tell ID from access tokens; the users handler requires `token_use: id`
 *   (lambdas/auth/identity.ts).
 */
import { Annotations, Duration, Lazy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import {
  AccountRecovery,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  type UserPoolClient,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface AuthProps {
  /** Origins of the site the hosted sign-in may return to, e.g. ["https://latentjobs.example"] (tokens allowed). */
  siteOrigins: () => string[];
  /** Hosted sign-in domain prefix (globally unique per region), e.g. "latent-jobs-prod". */
  domainPrefix: string;
  /** Google OAuth client id (context `googleClientId`), or undefined. */
  googleClientId: string | undefined;
  removalPolicy: RemovalPolicy;
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  readonly googleClientSecret: Secret;
  readonly authorizer: HttpJwtAuthorizer;
  /** e.g. "latent-jobs-prod.auth.us-east-1.amazoncognito.com" */
  readonly hostedDomainName: string;
  /** The tokens' `iss`. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { region } = Stack.of(this);

    this.userPool = new UserPool(this, 'UserPool', {
      // People arrive through Google; Cognito creates their federated user itself.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: { minLength: 12, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      mfa: Mfa.OFF,
      deletionProtection: true,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'Users sign in with Google only (no Cognito passwords are issued); their second factor is Google account security.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus feature plan sells threat protection for Cognito passwords; sign-in is federated to Google, so Essentials is enough.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason: 'Threat protection (Plus plan) guards Cognito passwords; there are none here, sign-in is federated to Google.',
    });

    this.googleClientSecret = new Secret(this, 'GoogleClientSecret', {
      description: 'Google OAuth client secret for Cognito sign-in; set its value after the first deploy',
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.googleClientSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The Google OAuth client secret is issued in the Google Cloud console, which Secrets Manager cannot rotate; it is rotated there and put here by hand.',
    });

    const providers = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.googleClientId !== undefined) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.googleClientId,
        clientSecretValue: SecretValue.secretsManager(this.googleClientSecret.secretArn),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, fullname: ProviderAttribute.GOOGLE_NAME },
      });
      providers.splice(0, 1, UserPoolClientIdentityProvider.GOOGLE);
    } else {
      Annotations.of(this).addWarning('No Google client id (context googleClientId): the user pool has no Google sign-in.');
    }

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      supportedIdentityProviders: providers,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: Lazy.list({ produce: () => props.siteOrigins().map((origin) => `${origin}/dashboard`) }),
        logoutUrls: Lazy.list({ produce: () => props.siteOrigins().map((origin) => `${origin}/`) }),
      },
    });
    if (google !== undefined) this.client.node.addDependency(google);

    this.domain = this.userPool.addDomain('HostedDomain', { cognitoDomain: { domainPrefix: props.domainPrefix } });
    this.hostedDomainName = `${props.domainPrefix}.auth.${region}.amazoncognito.com`;
    this.issuer = `https://cognito-idp.${region}.amazonaws.com/${this.userPool.userPoolId}`;
    this.authorizer = new HttpJwtAuthorizer('CognitoIdToken', this.issuer, {
      jwtAudience: [this.client.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
  }

  /** The users function's settings (lambdas/config.ts COGNITO_*), all public values. */
  get environment(): Record<string, string> {
    return { COGNITO_USER_POOL_ID: this.userPool.userPoolId, COGNITO_CLIENT_ID: this.client.userPoolClientId, COGNITO_DOMAIN: this.hostedDomainName };
  }

  /** What the site's Content-Security-Policy must allow for Amplify's calls. */
  get connectSources(): string[] {
    return [`https://cognito-idp.${Stack.of(this).region}.amazonaws.com`, `https://${this.hostedDomainName}`];
  }
}
