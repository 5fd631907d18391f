/**
 * The Api construct's guarantee for routes marked `auth: true` (the users routes, and a test-only
 * route declared first): they get the JWT authorizer, public routes do not, and
 * an auth route without an authorizer cannot be built. A small stack of its own, bundling skipped.
 */
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../lambdas/http/routes';
import type { RouteDefinition } from '../../lambdas/http/routes';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { readStageSettings } from './stage';

const AUTH_ROUTE: RouteDefinition = { method: 'GET', path: '/test/auth-only', fn: 'jobs', auth: true };

const apiStack = (authorizer: HttpJwtAuthorizer | undefined) => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'AuthRoutes', { env: { account: '000000000000', region: 'us-east-1' } });
  const settings = readStageSettings(app);
  const data = new Data(stack, 'Data', { removalPolicy: RemovalPolicy.RETAIN });
  const monitoring = new Monitoring(stack, 'Monitoring', {
    period: settings.alarmPeriod,
    functionErrorThreshold: 1,
    api5xxRatePercent: 5,
    alarmEmail: undefined,
  });
  const build = () => new Api(stack, 'Api', { stage: settings, data, monitoring, authorizer, routes: [AUTH_ROUTE, ...ROUTES] });
  return { stack, build };
};

describe('Api routes behind the JWT authorizer', () => {
  it('attaches the authorizer to auth routes and to no public route', () => {
    const authorizer = new HttpJwtAuthorizer('Jwt', 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example', {
      jwtAudience: ['example-client'],
    });
    const { stack, build } = apiStack(authorizer);
    build();
    const template = Template.fromStack(stack);
    const [authorizerId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer', { Properties: { AuthorizerType: 'JWT' } }));
    expect(authorizerId).toBeDefined();
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: routeKey(AUTH_ROUTE),
      AuthorizationType: 'JWT',
      AuthorizerId: { Ref: authorizerId },
    });
    for (const route of ROUTES.filter((r) => !r.auth)) {
      const [props] = Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey(route) } })).map(
        (r) => (r as { Properties: Record<string, unknown> }).Properties,
      );
      expect(props?.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
      expect(props?.AuthorizerId, routeKey(route)).toBeUndefined();
    }
  });

  it('refuses to build an auth route without an authorizer', () => {
    const { build } = apiStack(undefined);
    expect(build).toThrow('Route "GET /test/auth-only" requires auth but the API was built without a JWT authorizer');
  });
});
