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
}

/** The OpenAPI reference of the routes' zod schemas: JSON at /docs/json, the browsable one at /docs. */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: "1.0.0", description: options.description },
      components: { securitySchemes: options.securitySchemes },
      ...(options.security ? { security: options.security } : {}),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}
