import { z } from "zod";
import { ADDRESS_BOOK_LIMIT } from "../../../domain/accounts/accounts.ts";
import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import type { AddressBookService } from "./address-book-service.ts";
import {
  addressBookEntryBody,
  addressBookEntrySchema,
  addressBookSchema,
  addressChangeErrors,
  addressCreateErrors,
  addressDefaultsBody,
  addressListErrors,
  addressUuidParams,
} from "./schemas.ts";
import type { AccountRouteKit } from "./sessions.ts";

const notFound = { 404: "no such address in this customer's book (another customer's included)" };

export function registerAddressBookRoutes(app: ApiInstance, service: AddressBookService, kit: Pick<AccountRouteKit, "requireCustomer">): void {
  const customerUuid = async (request: Parameters<AccountRouteKit["requireCustomer"]>[0]) => (await kit.requireCustomer(request)).uuid;

  app.get(
    "/customer/addresses",
    {
      schema: {
        operationId: "api_customer_address_list",
        tags: ["accounts"],
        summary: "The logged-in customer's address book, newest first: addresses saved by hand and those of their orders, with the default billing and delivery address marked",
        response: { 200: addressBookSchema, ...errorResponsesOf(addressListErrors) },
      },
    },
    async (request) => service.list(await customerUuid(request)),
  );

  app.post(
    "/customer/addresses",
    {
      schema: {
        operationId: "api_customer_address_create",
        tags: ["accounts"],
        summary: "Add an address to the book (checkout's address rules); it may become a default at once",
        body: addressBookEntryBody,
        response: {
          201: addressBookEntrySchema,
          ...errorResponsesOf(addressCreateErrors, { 409: `the book holds ${ADDRESS_BOOK_LIMIT} addresses` }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(await customerUuid(request), request.body)),
  );

  app.put(
    "/customer/addresses/:uuid",
    {
      schema: {
        operationId: "api_customer_address_update",
        tags: ["accounts"],
        summary: "Replace an address of the book; defaultBilling / defaultDelivery set or unset it as a default (absent: unchanged)",
        params: addressUuidParams,
        body: addressBookEntryBody,
        response: { 200: addressBookEntrySchema, ...errorResponsesOf(addressChangeErrors, notFound) },
      },
    },
    async (request) => service.update(await customerUuid(request), request.params.uuid, request.body),
  );

  app.delete(
    "/customer/addresses/:uuid",
    {
      schema: {
        operationId: "api_customer_address_delete",
        tags: ["accounts"],
        summary: "Remove an address from the book; if it was a default, there is none of that kind afterwards",
        params: addressUuidParams,
        response: { 204: z.null(), ...errorResponsesOf(addressChangeErrors, notFound) },
      },
    },
    async (request, reply) => {
      await service.delete(await customerUuid(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/customer/address-defaults",
    {
      schema: {
        operationId: "api_customer_address_set_defaults",
        tags: ["accounts"],
        summary: "Choose the default billing and/or delivery address (null: none; absent: unchanged); answers the whole book",
        body: addressDefaultsBody,
        response: { 200: addressBookSchema, ...errorResponsesOf(addressChangeErrors, notFound) },
      },
    },
    async (request) => service.setDefaults(await customerUuid(request), request.body),
  );
}
