import swagger, { type FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions["openapi"]>;

export interface ApiDocsOptions {
  title: string;
  description: string;
  securitySchemes: NonNullable<OpenApiDocument["components"]>["securitySchemes"];
  /** The security every operation has unless it declares its own. */
  security?: OpenApiDocument["security"];
  /**
   * Serve it at /docs (true by default). Off, the document is still built (`app.swagger()`) but no
   * route answers: a production server need not hand out a map of every call.
   */
  serve?: boolean;
}

/** The OpenAPI reference of the routes' zod schemas: JSON at /docs/json, the browsable one at /docs (see `serve`). */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: "1.0.0", description: options.description },
      components: { securitySchemes: options.securitySchemes },
      ...(options.security ? { security: options.security } : {}),
    },
    transform: jsonSchemaTransform,
  });
  if (options.serve ?? true) await app.register(swaggerUi, { routePrefix: "/docs" });
}
