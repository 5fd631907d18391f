// DynamoDB Local bound to one address (issue 14.5). DynamoDBLocal.jar has no host option: its
// Jetty server listens on every interface, and it accepts any credentials, so anyone on the
// network could read the local product's users. This launcher (run by infra/local/dynamodb-local.ts
// in Java's source-file mode, with the jar on the class path) builds the server from the usual
// command line, sets the address of its one connector (system property dynamodb.host, default
// 127.0.0.1) and starts it. The Jetty server is a private field of DynamoDBProxyServer
// (DynamoDB Local 3.3.0): when a release renames it, this fails loudly instead of listening wide.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    for (Connector connector : ((Server) field.get(proxy)).getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
  }
}
