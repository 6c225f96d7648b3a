/**
 * Generated from the Public Server API's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with `npm run generate` in clients/typescript (scripts/generate.ts).
 */

export interface paths {
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key, its integration, tenant, limits and wallet */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant wallet; answers while the exchange is suspended */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disclosures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The personal-data disclosure log of this integration */
        get: operations["getDisclosures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This integration's webhook subscriptions, oldest first */
        get: operations["getWebhooks"];
        put?: never;
        /** Subscribe a URL to events; the signing secret is shown once */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook subscription (no secret) */
        get: operations["getWebhooksById"];
        put?: never;
        post?: never;
        /** Remove a subscription, its delivery log and its deliveries still on their way */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        /** Change a subscription: url, events, include_pii, description, status (active or paused), max_per_second */
        patch: operations["patchWebhooksById"];
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new signing secret; the old one stays valid 24 hours
         * @description The new secret is shown once. Until previous_secret_expires_at every delivery carries two v1 signatures. A rotation inside an open window ends the older secret at once: only the two newest are ever valid.
         */
        post: operations["postWebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a webhook.test event (livemode false) for this subscription */
        post: operations["postWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver the failed and dead deliveries of a time range, once each (an operation)
         * @description Redelivers every failed or dead delivery of this subscription created in [since, until) that has not been redelivered yet, oldest first: each as a new delivery of the same event (same Svc-Event-Id), once, however often a range is recovered; redeliveries found in the range are not sent again. since is at most the delivery log's 30 days ago; until defaults to now (a later one is taken as now) and must be later than since (else 422 at the field). Answers 202 OperationEnvelope (type webhook.recovery, resource {type: webhook, id}, progress), or 200 when it finished within wait (0..20 s); GET /operations/{id} shows its progress, POST /operations/{id}/cancel stops it (redeliveries already made still go out), and operation.completed tells its end. A recovery of an overlapping range of this subscription still queued or running: 409 operation_in_progress with its operation_id.
         */
        post: operations["postWebhooksByIdRecover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log of a subscription, newest first (kept 30 days) */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the event of a delivery again (same Svc-Event-Id)
         * @description A new delivery of the same event to this subscription, answered as it starts (pending, attempt 0). Refused with 409 invalid_state while the original is still pending.
         */
        post: operations["postWebhooksByIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's product cards, by sort, then creation */
        get: operations["getCards"];
        put?: never;
        /**
         * Create a product card
         * @description A taken code is 422 at /code (code taken). Addresses: javascript:, data:, http: (any scheme but https), protocol-relative //host, credentials and another account's storage path are refused (422 at the field).
         */
        post: operations["postCards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cards/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product card by its code */
        get: operations["getCardsByCode"];
        put?: never;
        post?: never;
        /**
         * Remove a product card
         * @description Answers 204 with no body; a second DELETE answers 404. Messages already sent keep their copy of the card, and the code is free for a new card at once.
         */
        delete: operations["deleteCardsByCode"];
        options?: never;
        head?: never;
        /**
         * Change a product card: any create field, code included
         * @description At least one field must be sent. Messages already sent keep their copy of the card.
         */
        patch: operations["patchCardsByCode"];
        trace?: never;
    };
    "/conversations/{id}/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a product card into a conversation
         * @description Body: code (the card), content (optional text sent along, at most 4000 characters). Answers the operator message carrying a copy of the card (price text derived; a card without buttons gets one default detail button to its page). The copy is kept: later edits or deletion of the card do not change the message. Unknown code: 422 at /code. Inactive card or closed conversation: 409 invalid_state.
         */
        post: operations["postConversationsByIdCards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's conversations, ascending by (updated_at, id)
         * @description To stay in sync keep the last next_cursor or updated_at and ask with updated_after (strictly later). Conversations of personal mailboxes and student-portal chats are never returned. include_deleted is accepted and has no effect.
         */
        get: operations["getConversations"];
        put?: never;
        /**
         * Find or create the conversation of a customer on this integration's api channel
         * @description Found by external_customer_id on the calling integration's api channel; created (status open, mode ai, with a contact from name, email and phone) when there is none, recording conversation.created once. A retry, with or without the same Idempotency-Key, answers 201 with the same conversation. On a find, the contact fields and page that were sent replace the stored ones; updated_at moves only when a value actually changed.
         */
        post: operations["postConversations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversation
         * @description A missing, foreign, hidden (personal mailbox, student portal) or non-uuid id answers 404 not_found.
         */
        get: operations["getConversationsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages of a conversation, ascending by (created_at, id)
         * @description Messages are not deleted on this server: every Message has deleted false, and include_deleted is accepted and has no effect (true answers the same page as false; a cursor of one goes on with the other).
         */
        get: operations["getConversationsByIdMessages"];
        put?: never;
        /**
         * A customer's message; the AI reply runs as a paid operation
         * @description Stores the customer message and, unless the AI does not answer (ai_reply.status skipped, with a reason: ai_not_permitted without the ai_seller:invoke scope, operator_mode, handoff_pending; no operation, no charge), starts a conversation.ai_reply operation. Answers 202 with the operation while the reply is prepared (or when wait elapsed), 200 with the reply when it is ready within wait. A failed operation answers 200 with ai_reply.status failed and its error, except when the model provider is down: 503 upstream_unavailable (nothing charged). One Idempotency-Key per customer turn: a retry returns the same message and operation, never a second charge.
         */
        post: operations["postConversationsByIdMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/operator-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An operator writes to the customer
         * @description Body: content (1 to 4000 characters; required unless an attachment is sent), operator {name} (optional), attachments (at most one {url (https:// or a file of the account's storage), name, content_type}). Writing means handling: the conversation moves to mode operator and, from handoff_pending (or any status but closed), to status open; a name sent becomes the conversation's operator. The message names the operator sent, else the one who took the conversation over. Records message.created (never with the text). Closed: 409 invalid_state.
         */
        post: operations["postConversationsByIdOperatorMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/takeover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An operator takes the conversation over from the AI
         * @description Body: operator {name} (optional). Mode ai -> operator, status -> open (also from handoff_pending); the AI stops replying. Already with an operator, or closed: 409 invalid_state. No event: conversation.handoff_requested is the only handoff event.
         */
        post: operations["postConversationsByIdTakeover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/return-to-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The operator hands the conversation back to the AI
         * @description No body. Mode operator -> ai, the operator is cleared, status -> open. Already with the AI, or closed: 409 invalid_state.
         */
        post: operations["postConversationsByIdReturnToAi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close the conversation and write its summary
         * @description No body. Status -> closed (mode and operator stay); a short summary (customer, first request, cards offered, message counts, outcome) is written to summary and conversation.summary_ready is recorded (the event carries the conversation id, never the summary: read it here or with GET /conversations/{id}). A customer writing again reopens the conversation with the AI. Already closed: 409 invalid_state.
         */
        post: operations["postConversationsByIdClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An asynchronous operation started by this integration; wait=0..20 holds until it finishes */
        get: operations["getOperationsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued or running operation; nothing is charged */
        post: operations["postOperationsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your integration's own status: each subscription's last 15 minutes of deliveries, what waits, your operations queue, the wallet gate
         * @description Like Svix endpoint stats. Needs no scope and answers while the exchange is suspended, so a suspended integration can see why its deliveries wait. The cell-wide status map is GET {cell_origin}/status (no key). Both are the status map, Planned in spec 01: where planned routes are off (a production start without RELEASED_LABELS), both answer 404 not_found.
         */
        get: operations["getMeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's leads, ascending by (updated_at, id)
         * @description To stay in sync keep the last updated_at and ask with updated_since (inclusive) or updated_after (strictly later), never both (422 at /updated_after). archived=false (default) lists the non-archived leads, archived=true only the archived ones. Leads are never deleted: include_deleted=true is 422 not_supported.
         */
        get: operations["getLeads"];
        put?: never;
        /**
         * Create a lead
         * @description About a contact (contact_id, or contact details: a new contact, merged into the account's contact with the same e-mail or phone) and optionally a conversation, whose open lead it becomes (409 invalid_state when it has one). Source defaults to api. Raises lead.created. Idempotency-Key is required: a retry answers the first lead. A lead of a conversation is then scored and its intent and ai_summary written from the conversation (lead.scored, lead.updated).
         */
        post: operations["postLeads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One lead, with its contact
         * @description A missing, foreign or non-uuid id answers 404 not_found. The ETag header is the quoted version.
         */
        get: operations["getLeadsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a lead (optimistic: If-Match required)
         * @description Send If-Match with the ETag of the lead as read (the quoted version, for example "3"): without it 428 precondition_required; when the lead changed since, 412 precondition_failed naming the current version (current_version, etag). The answer carries the new ETag. Moving to lost needs lost_reason. A status move stamps qualified_at, won_at or lost_at and raises lead.status_changed {from, to}; any change raises lead.updated with the changed fields and the new version. A change that changes nothing keeps the version. A move to qualified brings the lead's intent and ai_summary up to date with its conversation (a later lead.updated when they change).
         */
        patch: operations["patchLeadsById"];
        trace?: never;
    };
    "/leads/{id}/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the integrator's own score of a lead
         * @description score 0 to 100; level defaults from the score (60+ hot, 30+ warm, else cold); reason and flags optional. A new version and lead.scored {score, level, reason, flags}; score_source becomes integrator and the builtin scorer leaves the lead alone.
         */
        post: operations["postLeadsByIdScore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads/{id}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lead's tasks, in the order they were made */
        get: operations["getLeadsByIdTasks"];
        put?: never;
        /**
         * Add a follow-up task to a lead
         * @description Raises task.created. Idempotency-Key is optional (recommended: a retry without one makes a second task).
         */
        post: operations["postLeadsByIdTasks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads/{id}/tasks/{task_id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a task
         * @description Raises task.completed once; completing a completed task answers it unchanged.
         */
        post: operations["postLeadsByIdTasksByTaskIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's articles, newest update first
         * @description Summaries only (no content, no publication). Order: updated_at descending, undated articles last, then id descending. include_deleted=true is 422 not_supported (articles are not soft-deleted). The shared platform blog is not listed.
         */
        get: operations["getArticles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One article with its content and publication
         * @description format: html (default; sanitized), markdown (GFM tables, built from the sanitized HTML) or blocks ([{type, html}]: the editor document, sanitized, as one block of type html, as spec 02 says; [] without a body). A missing, foreign or non-uuid id is 404. Stored HTML over 2,000,000 bytes is 422 at /content. Answers Cache-Control: no-store.
         */
        get: operations["getArticlesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit an article
         * @description Any of title, slug, content, meta_title, meta_description; content is sanitized on the way in and word_count recounted. A slug taken by another article of the account is 422 at /slug (taken). published_url only confirms a handed_off article (409 invalid_state otherwise): it becomes published and article.published is sent. Answers the Article in html.
         */
        patch: operations["patchArticlesById"];
        trace?: never;
    };
    "/articles/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an article for publication
         * @description Free, no body. From draft, review or rejected; any other status is 409 invalid_state naming it. Answers the Article in html.
         */
        post: operations["postArticlesByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish an article through a site module, or hand it off
         * @description target connector (site_id, publish_mode): the article must be approved (or published, for a new version) and non-empty, the site bound and working (a heartbeat within 2 hours), else 409 invalid_state; a foreign site is 404. The job version is keyed by the hash of the source: unchanged answers the existing job, changed queues a new version (the older waiting one becomes skipped). The module reports the result; applied with an address publishes the article (article.published). target none: the article becomes handed_off; confirm with PATCH published_url. Answers the Publication. Before anything is queued: stored HTML over 2,000,000 bytes, or (connector) a job for the module over 3,000,000 bytes (the SiteJob the module fetches, as JSON in UTF-8: the HTML with its escapes, title, meta fields and the rest), is 422 validation_failed at /content.
         */
        post: operations["postArticlesByIdPublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/editorial-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's editorial profile (the precondition of article generation)
         * @description 404 not_found until one is set.
         */
        get: operations["getEditorialProfile"];
        /**
         * Set the editorial profile
         * @description Replaces the whole profile; niche is required.
         */
        put: operations["putEditorialProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles/generation-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a draft article (a paid operation)
         * @description 409 editorial_profile_required without an editorial profile; 402 insufficient_funds or spend_limit_reached as for AI replies (max_cost, in the cell currency, may lower the cap, never raise it: above it is 422). 202 OperationEnvelope (type article.generation, resource {type: generation_job, id}), or 200 when it finished within wait (0..20 s). The workflow writes a draft article, charges once and raises article.ready and operation.completed; a failure raises article.generation.failed and charges nothing. POST /operations/{id}/cancel cancels it.
         */
        post: operations["postArticlesGenerationJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles/generation-jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A generation job: status, article_id, error, usage
         * @description Visible to the integration that started it; any other id is 404.
         */
        get: operations["getArticlesGenerationJobsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a batch of analytics events (up to 500)
         * @description Each event carries your own `id`: a re-sent id (or one repeated in the batch) is stored once and counted in `duplicates`. Items are checked one by one: when some do not fit, the answer is 422 validation_failed with each field error at /events/N/field, and the Problem's `accepted` and `duplicates` members count the other items, which ARE stored. Amounts are in the cell currency. Events of today and of the 7 days before it count in the analytics reads as soon as they are stored; an older event re-opens the day it belongs to, which counts it after the next snapshot (nightly, or `bin/ctl analytics snapshot`).
         */
        post: operations["postEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offline-conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record sales closed outside the site (up to 500)
         * @description Each conversion names the lead it closes (`lead_id`, 422 at the field when it is not this account's) or the customer by `contact_email` / `contact_phone`; one that matches no contact is stored all the same. `value` is in the cell currency and adds to revenue on the day of `occurred_at` (tenant time zone). Dedupe, partial 422 and counts as POST /events. `unmatched` (how many matched no lead or contact) is answered only to a key that may read contacts (leads:read, with the personal-data transfer conditions on the ru cell), and then the contacts matched are recorded in the disclosure log; to any other key it is absent, since it would tell whether an e-mail or phone is one of the account's customers.
         */
        post: operations["postOfflineConversions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One metric over time, per day, week or month
         * @description Served from the daily rollups (built nightly; events of today and the 7 days before it added as they are stored; data_as_of says up to which day each source is complete, and partial_day that the period ends today). Every interval of the period has a point, 0 when nothing happened. Metric definitions: docs/decisions.md "Analytics: metric definitions". A filter the metric cannot take is 422 not_supported at the filter.
         */
        get: operations["getAnalyticsTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visits -> chats -> leads -> qualified -> won over a period, with step conversion rates
         * @description Each step counts what happened in the period (visitors summed per day, conversations opened, leads opened, leads qualified, leads won), from the daily rollups; not a cohort followed through. Date rules as GET /analytics/timeseries.
         */
        get: operations["getAnalyticsFunnel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/traffic-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visitors, page views, leads, won and revenue per traffic source (source / medium)
         * @description From the daily rollups, sorted by `sort` descending, paged. Date rules as GET /analytics/timeseries.
         */
        get: operations["getAnalyticsTrafficSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search visibility per keyword and page, with the change against the previous period
         * @description From the search_performance events you send (POST /events): impressions, clicks, CTR and impression-weighted average position, and the same for the period of the same length just before. availability no_source when none was ever sent.
         */
        get: operations["getAnalyticsVisibility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The overview dashboard: the blocks asked for, in screen order
         * @description Every block has availability, an optional reason and data_as_of, and its figures: strategist (live) {report: {id, report_date, report_type, summary_text, created_at, top_actions: [{title, priority}] (its first 3), actions_total} of the latest report by report_date, topics_proposed (topics waiting for a decision)}, no_data without a report; kpi {visitors, conversations, leads, won, revenue: {value, previous, change}} against the period just before; funnel {steps}; attention (live) {handoffs_waiting, hot_leads_without_task (hot open leads with no open task), dead_deliveries_30d, failed_publications (articles whose latest publication failed or met a conflict), wallet_low}; ads {spend, clicks, conversions (leads from a paid medium), cost_per_lead} or not_connected when no ad_spend was ever sent; ai_assistants {replies, handoffs, handoff_rate, cost, reply_time_p50_ms}; popular_pages {pages: [{page, views, chats_started}]}; data_trust {sources: [{source, complete_through, days_with_data, days_without_data, duplicates_dropped (re-sent events dropped in the period, by the day they were received; null for conversations and leads, which are not sent)}], duplicates_dropped, duplicates_by_day: [{day, duplicates}]}; status (live) {wallet (its balance in RUB on every cell, as GET /wallet), site_module (not_connected without a bound site, working when a site module sent a heartbeat within 2 hours, else silent), sites: [{id, url, state, last_heartbeat_at, last_job: {state, at} or null}]}; clusters (live) {clusters_total, clusters: [{id (the topics' cluster_id), title (its first topic's), topics, proposed, approved, generated}] (the 10 largest; rejected topics and duplicates aside)}, no_data without topics; sitemap_health (live, read at most every 10 minutes, 2 after an error; the overview waits at most 2 seconds for a read) {state (the worst of its sites': error, warning, checking, ok; not_connected without a bound site), sites: [SitemapHealthSite]}, availability ok when a site's sitemap was read, no_data while none was. Period figures come from the daily rollups, live ones from the rows as they are. A source that fails answers 503 for the whole request, never an empty block. Date rules as GET /analytics/timeseries.
         */
        get: operations["getDashboardsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboards/pulse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rising keywords of the period: site searches, search impressions and customer questions against the period just before
         * @description Each keyword seen in site_search events, search_performance impressions or customer questions in chats (a customer message ending with a question mark or starting with a question word, English or Russian) in the period [from, to] or in previous_period, the same number of days just before it (the overview's kpi compares the same way): new (none in the previous period), active (steady or growing) or fading. Sorted by score, at most 50 (truncated says when cut). Questions count once the snapshot has rolled their day up. data_as_of names the sources the alerts are read from: web (the site's events, site searches among them; named once page views were sent), search (impressions) and conversations (questions); a source without data is omitted. Date rules as GET /analytics/timeseries (30 days ending at `to` by default).
         */
        get: operations["getDashboardsPulse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's strategist reports, newest first
         * @description Summaries of daily and weekly reports, newest report_date first (on one day, the latest written first); creative runs are never returned.
         */
        get: operations["getStrategistReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One full strategist report with its checked evidence
         * @description A missing, foreign or non-uuid id answers 404 not_found.
         */
        get: operations["getStrategistReportsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's topic queue: trend_score descending, unscored last
         * @description The queue is shared across the tenant. A proposed topic past expires_at reads as expired, and status=expired finds it. include_deleted=true answers 422 not_supported: deleted topics are not stored.
         */
        get: operations["getStrategistTopics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/topics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One topic of the queue
         * @description A missing, foreign or non-uuid id answers 404 not_found.
         */
        get: operations["getStrategistTopicsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Actions the strategist proposed in this integration's sessions, newest first
         * @description Only this integration's sessions. A proposed action past expires_at (created_at + 7 days) reads as expired.
         */
        get: operations["getStrategistActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/actions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One action of this integration
         * @description Another integration's action, a missing or a non-uuid id answers 404 not_found.
         */
        get: operations["getStrategistActionsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/topics/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a proposed topic, optionally ordering its article
         * @description Without generate: 200 {id, status: approved, decided_at}, free. With generate true: needs the articles:generate scope, an Idempotency-Key and a completed editorial profile; answers 202 OperationEnvelope (article.generation, resource generation_job). 200 instead when it finished within wait. When generation cannot start (no profile, no funds, a limit) the topic is approved all the same (spec 02) and that catalogue error is answered (409 editorial_profile_required, 402 insufficient_funds or spend_limit_reached); nothing is charged. Only a proposed topic can be decided: 409 invalid_state names its state. Of two simultaneous decisions one executes, the other is 409.
         */
        post: operations["postStrategistTopicsByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/topics/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a proposed topic
         * @description No body; free. Only a proposed topic can be decided: 409 invalid_state names its state. Idempotency-Key recommended.
         */
        post: operations["postStrategistTopicsByIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/actions/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a proposed action: it is executed at once
         * @description No body. The strategist:write scope is checked now, at confirmation. A propose_topic action puts its topic in the queue (proposed, source chat) and answers the action executed with result {topic_id}; no article is written. Only a proposed action can be confirmed: 409 invalid_state names its state; of two simultaneous confirmations one executes. Another integration's action is 404.
         */
        post: operations["postStrategistActionsByIdConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/actions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a proposed action
         * @description No body. Only a proposed action can be cancelled: 409 invalid_state names its state. Answers the action, cancelled.
         */
        post: operations["postStrategistActionsByIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This integration's strategist chat sessions, newest first */
        get: operations["getStrategistSessions"];
        put?: never;
        /**
         * Open a strategist chat session
         * @description A session belongs to the integration that opened it: no other integration sees it or its turns. Free; Idempotency-Key recommended.
         */
        post: operations["postStrategistSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One strategist chat session of this integration
         * @description Another integration's session, a missing or a non-uuid id answers 404 not_found.
         */
        get: operations["getStrategistSessionsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/strategist/sessions/{id}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The turns of a session, oldest first: question, answer, proposed action ids
         * @description Another integration's session answers 404 not_found.
         */
        get: operations["getStrategistSessionsByIdTurns"];
        put?: never;
        /**
         * Ask the strategist: a paid operation (strategist.turn) answers
         * @description Stores the question as a turn and starts a strategist.turn operation (resource {type: strategist_turn, id}) that answers it from the tenant's analytics for the period the question names (the last 7 days when it names none) against the period before, each figure with its source and period, and from its topic queue, and may propose topics as propose_topic actions (expiring 7 days later; confirm them with POST /strategist/actions/{id}/confirm, which needs strategist:write). Answers 202 {turn, operation} while it runs (or when wait elapsed), 200 when it finished within wait (0..20 s); 503 upstream_unavailable when the model provider is down (nothing charged). The answer is charged once and raises strategist.turn.completed and operation.completed. POST /operations/{id}/cancel cancels it, free. One Idempotency-Key per question: a retry answers the same turn and operation, never a second charge.
         */
        post: operations["postStrategistSessionsByIdTurns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "conversation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.created
         * @description A conversation started.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `conversation.created` (or `conversation.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["conversationCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.handoff_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.handoff_requested
         * @description The conversation asks for an operator (the only operator-handoff event).
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `conversation.handoff_requested` (or `conversation.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["conversationHandoffRequestedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.summary_ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.summary_ready
         * @description The conversation's summary can be read (GET /conversations/{id}); the summary itself quotes the customer and is never in the event.
         *
         *     The same in both payload modes: this event never carries content, whatever include_pii says.
         *
         *     POSTed to every active subscription whose events match `conversation.summary_ready` (or `conversation.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["conversationSummaryReadyEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.created
         * @description A customer, AI or operator message was stored; the message text is never in the event.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `message.created` (or `message.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["messageCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lead.created
         * @description A lead opened.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `lead.created` (or `lead.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["leadCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lead.updated
         * @description A lead changed: the changed fields and the new version.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `lead.updated` (or `lead.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["leadUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.scored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lead.scored
         * @description A lead got a new score, level or flags.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `lead.scored` (or `lead.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["leadScoredEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lead.status_changed
         * @description A lead moved to another pipeline stage.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `lead.status_changed` (or `lead.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["leadStatusChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.action_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * lead.action_requested
         * @description A lead became hot and the tenant works leads in an external CRM: that CRM is asked to act (then PATCH the lead back).
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `lead.action_requested` (or `lead.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["leadActionRequestedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.created
         * @description A lead task was created.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `task.created` (or `task.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["taskCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * task.completed
         * @description A lead task was completed.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `task.completed` (or `task.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["taskCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.merged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.merged
         * @description Contacts were merged into one.
         *
         *     Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.
         *
         *     POSTed to every active subscription whose events match `contact.merged` (or `contact.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["contactMergedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "crm.mode_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * crm.mode_changed
         * @description The tenant's CRM mode changed.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `crm.mode_changed` (or `crm.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["crmModeChangedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "article.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * article.ready
         * @description An article was generated and is ready for review.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `article.ready` (or `article.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["articleReadyEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "article.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * article.published
         * @description An article was published: the site module answered applied with an address, or published_url was confirmed.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `article.published` (or `article.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["articlePublishedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "article.generation.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * article.generation.failed
         * @description An article generation failed.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `article.generation.failed` (or `article.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["articleGenerationFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "strategist.report.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * strategist.report.ready
         * @description A strategist report can be read.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `strategist.report.ready` (or `strategist.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["strategistReportReadyEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "strategist.turn.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * strategist.turn.completed
         * @description The strategist answered a turn of a session.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `strategist.turn.completed` (or `strategist.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["strategistTurnCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "operation.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * operation.completed
         * @description An asynchronous operation ended (succeeded, failed, canceled): its operation envelope.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `operation.completed` (or `operation.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["operationCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.expiring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * api_key.expiring
         * @description An API key expires soon.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `api_key.expiring` (or `api_key.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["apiKeyExpiringEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent by POST /webhooks/{id}/test to that subscription only, with livemode false.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `webhook.test` (or `webhook.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["webhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.paused
         * @description The platform paused one of your subscriptions: every attempt to it failed for 5 days. Goes to your integration's other subscriptions whose events name it (never to the one paused). Deliveries to the paused subscription are held, not lost: PATCH /webhooks/{id} with status active resumes it, and its held deliveries go out.
         *
         *     Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.
         *
         *     POSTed to every active subscription whose events match `webhook.paused` (or `webhook.*`). A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).
         */
        post: operations["webhookPausedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            code: string;
            detail: string;
            request_id: string;
        };
        ValidationFailedProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "validation_failed";
            detail: string;
            request_id: string;
            /** @description Every field at fault. */
            errors: components["schemas"]["FieldError"][];
        };
        FieldError: {
            /** @description JSON Pointer (RFC 6901) to the request field. */
            field: string;
            code: string;
            message: string;
        };
        WrongCellProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "wrong_cell";
            detail: string;
            request_id: string;
            /**
             * Format: uri
             * @description The base URL of the cell the key belongs to.
             */
            correct_base_url: string;
        };
        WalletSuspendedProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "wallet_suspended";
            detail: string;
            request_id: string;
            /**
             * Format: uri
             * @description Where the account tops up. Only this code carries it (spec 01); for insufficient_funds the address is GET /wallet's topup_url.
             */
            topup_url: string;
            balance: components["schemas"]["Money"] | null;
        };
        /** @description The balance, null when it cannot be read now. */
        Money: {
            /** @description Decimal text, never a float. */
            amount: string;
            /** @description ISO 4217: RUB on ru, GBP on en, IDR on id. */
            currency: string;
        };
        PreconditionFailedProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "precondition_failed";
            detail: string;
            request_id: string;
            /** @description The version the resource is at now. */
            current_version: number;
            /** @description Its ETag (the quoted version): send it as If-Match after reading the resource again. */
            etag: string;
        };
        Me: {
            tenant: {
                id: string;
                name: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            };
            /** @enum {string} */
            cell: "ru" | "en" | "id";
            /** Format: uri */
            base_url: string;
            integration: {
                id: string;
                name: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            };
            channel_id: string | null;
            key: {
                key_id: string;
                /** @enum {string} */
                mode: "live" | "test";
                /** @description The key's effective scopes: the integration's scopes that its owner's current permissions and the tenant's plan also allow (a scope of a module the plan lacks is left out). A route whose scope (x-required-scope) is not here answers 403 scope_missing; on the ru cell the personal-data scopes are left out while a transfer condition is missing, and their routes answer 403 pii_transfer_not_allowed. */
                scopes: ("conversations:read" | "conversations:write" | "ai_seller:invoke" | "leads:read" | "leads:write" | "leads:score" | "analytics:read" | "analytics:write" | "dashboards:read" | "articles:read" | "articles:write" | "articles:generate" | "strategist:read" | "strategist:write" | "strategist:chat" | "webhooks:manage" | "cards:read" | "cards:write")[];
                /** Format: date-time */
                expires_at: string;
                /** @description The addresses and CIDR networks this key is accepted from: the key's own allowlist and its integration's both apply, so this is where they overlap (an address must be in each list that is set). null = any address; elsewhere 403 ip_not_allowed. */
                ip_allowlist: string[] | null;
                /** @description The two lists ip_allowlist is made of. */
                ip_allowlist_sources: {
                    /** @description The key's own allowlist; null = none. */
                    key: string[] | null;
                    /** @description The integration's allowlist, which applies to every key of it; null = none. */
                    integration: string[] | null;
                };
            };
            limits: {
                read_per_min: number;
                write_per_min: number;
                paid_per_min: number;
                paid_concurrency: number;
            };
            wallet: {
                /** @description Roubles; null = state unknown or tenant not billed. */
                balance: components["schemas"]["Money"] | null;
                /** @enum {string} */
                state: "ok" | "low" | "negative" | "blocked" | "unknown";
                /** @enum {string} */
                exchange: "active" | "suspended";
                /** Format: uri */
                topup_url: string;
                daily_spend: {
                    limit: components["schemas"]["Money"] | null;
                    used: components["schemas"]["Money"];
                };
            };
            crm_mode: string;
        };
        Wallet: {
            /** @description Roubles; null = state unknown or tenant not billed. */
            balance: components["schemas"]["Money"] | null;
            /** @enum {string} */
            state: "ok" | "low" | "negative" | "blocked" | "unknown";
            /** @enum {string} */
            exchange: "active" | "suspended";
            /** Format: uri */
            topup_url: string;
            daily_spend: {
                /** @description Daily spend limit of the calling integration; null = none set. */
                limit: components["schemas"]["Money"] | null;
                /** @description Charged to the calling integration today (UTC). */
                used: components["schemas"]["Money"];
                /**
                 * Format: date-time
                 * @description Next UTC midnight, when used starts again from zero.
                 */
                resets_at: string;
                account: {
                    /** @description Daily spend limit of the whole account (every integration and the website chat); null = none set. */
                    limit: components["schemas"]["Money"] | null;
                    /** @description Charged to the account today (UTC). */
                    used: components["schemas"]["Money"];
                };
            };
            /** @description The most one paid operation of the account may cost; null = none. */
            operation_cost_cap: components["schemas"]["Money"] | null;
        };
        DisclosurePage: {
            data: components["schemas"]["Disclosure"][];
            next_cursor: string | null;
        };
        Disclosure: {
            id: string;
            /** Format: date-time */
            occurred_at: string;
            /** @enum {string} */
            channel: "api" | "webhook";
            /** @description "GET /conversations" for an API read, the event type for a webhook. */
            route: string;
            resource_type: string;
            resource_ids: string[];
            request_id: string | null;
            key_id: string | null;
            recipient_country: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        WebhookPage: {
            data: components["schemas"]["Webhook"][];
            next_cursor: string | null;
        };
        Webhook: {
            id: string;
            /**
             * Format: uri
             * @description https, port 443, a host name (not an IP address), no redirects.
             */
            url: string;
            /** @description Exact event types or family patterns <family>.*. */
            events: string[];
            include_pii: boolean;
            description: string | null;
            /** @enum {string} */
            status: "active" | "paused";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: date-time
             * @description null = never rotated.
             */
            secret_rotated_at: string | null;
            /**
             * Format: date-time
             * @description While the 24-hour rotation window is open: when the old secret stops working; else null.
             */
            previous_secret_expires_at: string | null;
            /** @description Deliveries to this subscription start no faster than this many a second (1 to 1000), across all of the platform's workers, retries included; those beyond it wait their turn (pending, never dropped), keeping the order of each conversation's and lead's events. null = no limit. */
            max_per_second: number | null;
            /**
             * @description Who paused it: failing, the platform, after every attempt failed for 5 days (a webhook.paused event tells your other subscriptions); integrator, you (PATCH status paused). null while active. PATCH status active resumes it either way, and its held deliveries go out.
             * @enum {string|null}
             */
            paused_reason: "failing" | "integrator" | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        WebhookWithSecret: {
            id: string;
            /**
             * Format: uri
             * @description https, port 443, a host name (not an IP address), no redirects.
             */
            url: string;
            /** @description Exact event types or family patterns <family>.*. */
            events: string[];
            include_pii: boolean;
            description: string | null;
            /** @enum {string} */
            status: "active" | "paused";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: date-time
             * @description null = never rotated.
             */
            secret_rotated_at: string | null;
            /**
             * Format: date-time
             * @description While the 24-hour rotation window is open: when the old secret stops working; else null.
             */
            previous_secret_expires_at: string | null;
            /** @description Deliveries to this subscription start no faster than this many a second (1 to 1000), across all of the platform's workers, retries included; those beyond it wait their turn (pending, never dropped), keeping the order of each conversation's and lead's events. null = no limit. */
            max_per_second: number | null;
            /**
             * @description Who paused it: failing, the platform, after every attempt failed for 5 days (a webhook.paused event tells your other subscriptions); integrator, you (PATCH status paused). null while active. PATCH status active resumes it either way, and its held deliveries go out.
             * @enum {string|null}
             */
            paused_reason: "failing" | "integrator" | null;
            /** @description Signing secret, returned once (creation, rotation); null on an idempotent replay. */
            secret: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        WebhookCreate: {
            /** @description https, port 443, a host name (not an IP address), no credentials. Stored and answered as its normalized form (lowercase host, no :443); text URL parsers read differently (a backslash, whitespace or control characters, @ or % in the host part, a trailing dot on the host) is 422 not_allowed. */
            url: string;
            /** @description Event types or <family>.* patterns, each once. */
            events: string[];
            /**
             * @description Personal data in lead.*, contact.* and conversation.* events.
             * @default false
             */
            include_pii?: boolean;
            description?: string | null;
            /** @description Deliveries to this subscription start no faster than this many a second (1 to 1000), across all of the platform's workers, retries included; those beyond it wait their turn (pending, never dropped), keeping the order of each conversation's and lead's events. null = no limit. */
            max_per_second?: number | null;
        };
        /** @description At least one field must be sent. */
        WebhookUpdate: {
            /** @description https, port 443, a host name (not an IP address), no credentials. Stored and answered as its normalized form (lowercase host, no :443); text URL parsers read differently (a backslash, whitespace or control characters, @ or % in the host part, a trailing dot on the host) is 422 not_allowed. */
            url?: string;
            /** @description Event types or <family>.* patterns, each once. */
            events?: string[];
            /** @description Personal data in lead.*, contact.* and conversation.* events. */
            include_pii?: boolean;
            description?: string | null;
            /** @enum {string} */
            status?: "active" | "paused";
            /** @description Deliveries to this subscription start no faster than this many a second (1 to 1000), across all of the platform's workers, retries included; those beyond it wait their turn (pending, never dropped), keeping the order of each conversation's and lead's events. null = no limit. */
            max_per_second?: number | null;
        };
        WebhookTestResult: {
            event_id: string | null;
            type: string;
            /** @description queued: the event goes out on the next delivery run, within a minute. */
            status: string;
        };
        OperationEnvelope: {
            operation: components["schemas"]["Operation"];
        };
        Operation: {
            id: string;
            /** @description conversation.ai_reply, article.generation, strategist.turn, webhook.recovery, ... */
            type: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Only for succeeded, failed, canceled.
             */
            completed_at?: string;
            /** @description The resource whose result is read (not for failed or canceled). */
            resource?: {
                type: string;
                id: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            };
            /** @description failed only: an error-catalogue code (upstream_unavailable, internal_error) or an operation reason (operator_took_over). */
            error?: {
                code: string;
                message: string;
            };
            usage?: components["schemas"]["Usage"];
            /** @description webhook.recovery only: how far it has come. */
            progress?: {
                /** @description Failed and dead deliveries of the range without a redelivery, counted when it started. */
                total: number;
                /** @description Redeliveries made so far (each a new delivery of the same event, same Svc-Event-Id). */
                redelivered: number;
                /** @description Deliveries of the range passed over: their event was already redelivered, or they are redeliveries themselves. */
                skipped: number;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        /** @description Paid operations, once charged. */
        Usage: {
            /** @description In the cell currency. */
            cost: components["schemas"]["Money"];
            /** @description provider/model that did the work, e.g. builtin/retrieval-v1 or openai/gpt-4o-mini. */
            model: string;
        };
        RecoveryInProgressProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "operation_in_progress";
            detail: string;
            request_id: string;
            /**
             * Format: uuid
             * @description The recovery of an overlapping range of this subscription still queued or running (GET /operations/{id}; cancel it to start this one now). Absent when a retry of the same Idempotency-Key is what is in progress.
             */
            operation_id?: string;
        };
        WebhookRecoveryRequest: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time with zone (Z or +hh:mm): the deliveries created from this instant on; at most the delivery log's 30 days ago.
             */
            since: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with zone: created before this instant (exclusive); later than since. Default: now; a later one is taken as now.
             */
            until?: string;
        };
        /** @description Log kept 30 days. */
        WebhookDeliveryPage: {
            data: components["schemas"]["WebhookDelivery"][];
            next_cursor: string | null;
        };
        WebhookDelivery: {
            id: string;
            event_id: string;
            /** @enum {string} */
            state: "pending" | "delivered" | "failed" | "dead";
            /** @description The delivery (pending or failed) waits without spending attempts: see hold_reason. It goes out within seconds of the hold ending. */
            held: boolean;
            /**
             * @description Why it is held: the subscription is paused, the wallet is suspended, an older delivery queued during the pause goes first, an earlier event of the same conversation or lead goes first (earlier_delivery_first for both), or access ended for now (integration_inactive, tenant_inactive, feature_not_in_plan, scope_missing, pii_transfer_not_allowed); null when not held.
             * @enum {string|null}
             */
            hold_reason: "subscription_paused" | "wallet_suspended" | "earlier_delivery_first" | "integration_inactive" | "tenant_inactive" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed" | null;
            /** @description Number of the last attempt; 0 = none yet. */
            attempt: number;
            /** @description Subscriber's HTTP status of the last attempt; null when no answer came. A 4xx or 5xx answer is a failed attempt told by this field alone. */
            status_code: number | null;
            duration_ms: number | null;
            /** @description Timeout, connection or certificate error (or a URL refused by the delivery rules), or a 3xx answer (not followed); null for a 2xx, 4xx or 5xx answer, whose status is status_code. A delivery ended without being sent says why here. */
            error: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
            /** Format: date-time */
            delivered_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        CardPage: {
            data: components["schemas"]["Card"][];
            next_cursor: string | null;
        };
        Card: {
            /**
             * Format: uuid
             * @description Product id.
             */
            id: string;
            code: string;
            name: string;
            description: string | null;
            image_url: string | null;
            page_url: string | null;
            badge: string | null;
            /** @description As set, else derived from price for the cell; null = no price. */
            price_text: string | null;
            /** @description Empty = one default detail button to page_url. */
            buttons: components["schemas"]["CardButton"][];
            price: components["schemas"]["Money"] | null;
            ai_enabled: boolean;
            sort: number;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        CardButton: {
            label: string;
            url: string;
        };
        CardCreate: {
            /** @description Unique in the account; lowercase latin letters, digits, _ and -; at most 40. The AI seller writes [CARD:<code>]. */
            code: string;
            name: string;
            description?: string | null;
            /** @description https:// address or a file of the account's storage: /storage/<tenant id>/<file path> (also under the cell's host). */
            image_url?: string | null;
            /** @description https:// address or a path starting with / (resolved against the account's primary domain). */
            page_url?: string | null;
            badge?: string | null;
            /** @description Shown as is; null or not set = derived from price. */
            price_text?: string | null;
            price?: components["schemas"]["CardPrice"] | null;
            /** @description Up to 3. Empty = one default detail button to page_url. */
            buttons?: components["schemas"]["CardButtonCreate"][];
            /** @description The card enters the AI seller's catalogue (code, name, price). */
            ai_enabled?: boolean;
            /** @description Ascending order in the AI catalogue and the operator picker. */
            sort?: number;
            /** @description An inactive card cannot be sent. */
            active?: boolean;
        };
        /** @description The product price; price_text is derived from it when price_text is not set. */
        CardPrice: {
            /** @description Decimal text, at most two places, never a float. */
            amount: string;
            /** @description ISO 4217. */
            currency: string;
        };
        CardButtonCreate: {
            label: string;
            /** @description https:// address or a path starting with /. */
            url: string;
        };
        /** @description Any of the create fields, code included; at least one must be sent. */
        CardUpdate: {
            /** @description Unique in the account; lowercase latin letters, digits, _ and -; at most 40. The AI seller writes [CARD:<code>]. */
            code?: string;
            name?: string;
            description?: string | null;
            /** @description https:// address or a file of the account's storage: /storage/<tenant id>/<file path> (also under the cell's host). */
            image_url?: string | null;
            /** @description https:// address or a path starting with / (resolved against the account's primary domain). */
            page_url?: string | null;
            badge?: string | null;
            /** @description Shown as is; null or not set = derived from price. */
            price_text?: string | null;
            price?: components["schemas"]["CardPrice"] | null;
            /** @description Up to 3. Empty = one default detail button to page_url. */
            buttons?: components["schemas"]["CardButtonCreate"][];
            /** @description The card enters the AI seller's catalogue (code, name, price). */
            ai_enabled?: boolean;
            /** @description Ascending order in the AI catalogue and the operator picker. */
            sort?: number;
            /** @description An inactive card cannot be sent. */
            active?: boolean;
        };
        Message: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            conversation_id: string;
            /** @enum {string} */
            sender: "customer" | "ai" | "operator" | "system";
            /** @description text, image, file, card and others; the set may grow. */
            content_type: string;
            /** @description null = attachment or card only. */
            content: string | null;
            attachments: components["schemas"]["Attachment"][];
            cards: components["schemas"]["MessageCard"][];
            operator: {
                name: string;
            } | null;
            /** @description Always false: messages are not deleted on this server (the field stays for clients written for tombstones). */
            deleted: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        Attachment: {
            url: string;
            name: string | null;
            content_type: string | null;
        };
        /** @description The copy of a product card a message keeps; later card edits do not change it. */
        MessageCard: {
            code: string;
            name: string;
            description: string | null;
            image_url: string | null;
            page_url: string | null;
            badge: string | null;
            price_text: string | null;
            buttons: components["schemas"]["CardButton"][];
        };
        CardSend: {
            /** @description The card to send; an unknown code is 422 at /code. */
            code: string;
            /** @description Text sent along in the same message. */
            content?: string;
        };
        ConversationPage: {
            data: components["schemas"]["Conversation"][];
            next_cursor: string | null;
        };
        Conversation: {
            /** Format: uuid */
            id: string;
            /** @description Channel type: api, website, messenger types, others; the set may grow. */
            channel: string | null;
            contact_id: string | null;
            /** @description Only for the api channel; null elsewhere. */
            external_customer_id: string | null;
            /** @description open, handoff_pending, resolved, closed; the set may grow. */
            status: string;
            /** @enum {string} */
            mode: "ai" | "operator";
            /** @description ISO 639-1. */
            language: string | null;
            /** @description The lead of this conversation, when there is one. */
            lead_id: string | null;
            /** @description The operator handling the conversation, when one took it over or wrote with a name; null otherwise. */
            operator: {
                name: string;
            } | null;
            /** @description Written when the conversation is closed. */
            summary: string | null;
            /** Format: date-time */
            created_at: string | null;
            /**
             * Format: date-time
             * @description Last change or message; traversal order.
             */
            updated_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        MessagePage: {
            data: components["schemas"]["Message"][];
            next_cursor: string | null;
        };
        ConversationCreate: {
            /** @description Stable customer id in the caller's system; the conversation is found or created by it. */
            external_customer_id: string;
            name?: string;
            /** Format: email */
            email?: string;
            phone?: string;
            page?: components["schemas"]["CustomerPage"];
            /** @description ISO 639-1, e.g. ru. Without it the language is detected from the customer's first message that says enough (null until then). On a find it replaces the stored one. */
            language?: string;
        };
        /** @description The page the customer is on; every field optional. */
        CustomerPage: {
            address?: string;
            title?: string;
            type?: string;
            id?: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        OperatorMessageCreate: {
            /** @description 1 to 4000 characters; required unless an attachment is sent. */
            content?: string;
            operator?: components["schemas"]["OperatorRef"];
            /** @description At most one for now. */
            attachments?: components["schemas"]["AttachmentCreate"][];
        };
        /** @description The human operator acting, as the customer sees them. */
        OperatorRef: {
            name: string;
        };
        AttachmentCreate: {
            /** @description An https:// address, or a file of the account's storage (/storage/<tenant id>/<file path>). */
            url: string;
            name?: string;
            content_type?: string;
        };
        Takeover: {
            operator?: components["schemas"]["OperatorRef"];
        };
        CustomerMessageAnswer: {
            /** @description The customer message as stored. */
            message: components["schemas"]["Message"];
            ai_reply: {
                /** @enum {string} */
                status: "queued" | "replied" | "skipped" | "failed" | "canceled";
                /** @description skipped or failed: ai_not_permitted, operator_mode, handoff_pending, operator_took_over, or an error code. */
                reason?: string;
            };
            /** @description replied only: the AI message. */
            reply?: {
                id: string;
                content: string | null;
                cards: unknown[];
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            };
            /** @description Absent when skipped. */
            operation?: components["schemas"]["Operation"];
        };
        CustomerMessageUpstreamProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "upstream_unavailable";
            detail: string;
            request_id: string;
            /** @description The customer message as stored. */
            message: components["schemas"]["Message"];
            /** @description The failed operation (nothing charged). */
            operation: components["schemas"]["Operation"];
        };
        CustomerMessageCreate: {
            /** @description The customer text, up to 4000 characters (code points); required unless an attachment is sent. Longer is 413 payload_too_large. */
            content?: string;
            /** @description At most one for now. */
            attachments?: components["schemas"]["AttachmentCreate"][];
        };
        IntegrationStatus: {
            wallet: {
                /** @enum {string} */
                state: "ok" | "low" | "negative" | "blocked" | "unknown";
                /**
                 * @description suspended: every route but GET /me, GET /wallet and this one answers 402; deliveries are held.
                 * @enum {string}
                 */
                exchange: "active" | "suspended";
            };
            operations: {
                queued: number;
                running: number;
                /** @description Age of the oldest queued operation of this integration; null when none is queued. */
                oldest_queued_seconds: number | null;
            };
            /** @description This integration's subscriptions, oldest first. */
            webhooks: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "active" | "paused";
                /**
                 * @description failing: the platform paused it after every attempt failed for 5 days; integrator: you paused it; null while active.
                 * @enum {string|null}
                 */
                paused_reason: "failing" | "integrator" | null;
                last_15m: {
                    attempts: number;
                    /** @description Attempts your endpoint answered 2xx. */
                    succeeded: number;
                    failed: number;
                    /** @description null without attempts. */
                    success_rate: number | null;
                    /** @description Median attempt duration. */
                    p50_ms: number | null;
                };
                waiting: {
                    /** @description Due and not delivered yet, not held. */
                    pending: number;
                    /** @description Waiting for a hold to end (subscription paused, wallet suspended, access): the deliveries the delivery log shows `held: true` now. */
                    held: number;
                    /** @description Failed, with a retry scheduled, not held. */
                    failed: number;
                    /** @description Age of the oldest of them; null when nothing waits. */
                    oldest_seconds: number | null;
                };
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            }[];
        };
        LeadPage: {
            data: components["schemas"]["Lead"][];
            next_cursor: string | null;
        };
        Lead: {
            /** Format: uuid */
            id: string;
            /** @description The lead's id in an external CRM. */
            external_id: string | null;
            /** @description The lead's page in an external CRM. */
            external_url: string | null;
            /** @description Grows by one with every change. */
            version: number;
            /** @description The quoted version (for example "3"): send it as If-Match to change the lead. */
            etag: string;
            /**
             * @description Pipeline stage, in order: new, contacted, qualified, proposal, then won or lost.
             * @enum {string}
             */
            status: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            archived: boolean;
            archived_reason: string | null;
            /** @description Who owns the lead on the tenant side (free text, e.g. an e-mail). */
            owner: string | null;
            /** @description Derived when the lead opens ("Runner X sneakers — Anna"); changeable. */
            title: string | null;
            /** @description The channel the lead came through: website, api, messenger types; the set may grow. */
            source: string | null;
            assigned_to: string | null;
            /** @description Expected deal value, in the cell currency. */
            value: components["schemas"]["Money"] | null;
            /** @description The product (card) the customer named. */
            product_id: string | null;
            course_slug: string | null;
            contact: components["schemas"]["LeadContact"] | null;
            /** Format: uuid */
            conversation_id: string | null;
            attribution: components["schemas"]["LeadAttribution"] | null;
            /** @description 0 to 100; null until scored. */
            score: number | null;
            /** @description cold, warm or hot; null until scored. */
            level: string | null;
            /** @description builtin (the platform's scorer) or integrator (POST /leads/{id}/score); null until scored. */
            score_source: string | null;
            /** @description Signals the scorer saw (contact_left, product_named, price_asked, ...). */
            flags: string[];
            /**
             * @description What the customer wants, from their messages in the lead's conversation: buy, price, availability, delivery, support or other; null until the conversation has a customer message. Refreshed with the score.
             * @enum {string|null}
             */
            intent: "buy" | "price" | "availability" | "delivery" | "support" | "other" | null;
            /** @description A short summary of what the customer wants, written by the AI model from the customer's messages (e-mail addresses, phone numbers, card and account numbers and addresses replaced by placeholders such as [email]; names kept); refreshed with the score. Personal data: only with leads:read, recorded in the disclosure log; in lead.* events only to include_pii subscriptions. */
            ai_summary: string | null;
            next_action: string | null;
            /** Format: date-time */
            next_action_at: string | null;
            lost_reason: string | null;
            /**
             * Format: date-time
             * @description When the lead last moved to qualified.
             */
            qualified_at: string | null;
            /** Format: date-time */
            won_at: string | null;
            /** Format: date-time */
            lost_at: string | null;
            /**
             * Format: date-time
             * @description The conversation's last message.
             */
            last_activity_at: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change; traversal order.
             */
            updated_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        /** @description The customer; personal data. */
        LeadContact: {
            /** Format: uuid */
            id: string;
            name: string | null;
            /** @description Lower-cased. */
            email: string | null;
            /** @description E.164 (+79123456789) when it can be read as a phone number. */
            phone: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        /** @description Where the lead came from: the page the conversation started on, its referrer and UTM parameters. */
        LeadAttribution: {
            landing_page?: string | null;
            page_title?: string | null;
            referrer?: string | null;
            utm_source?: string | null;
            utm_medium?: string | null;
            utm_campaign?: string | null;
            utm_term?: string | null;
            utm_content?: string | null;
        };
        /** @description Any of the changeable fields; at least one must be sent. */
        LeadUpdate: {
            /**
             * @description Any canonical status; lost needs lost_reason (sent now or already set).
             * @enum {string}
             */
            status?: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            archived?: boolean;
            /** @description Kept while archived; unarchiving clears it. */
            archived_reason?: string | null;
            owner?: string | null;
            assigned_to?: string | null;
            value?: components["schemas"]["MoneyInput"] | null;
            next_action?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with zone.
             */
            next_action_at?: string | null;
            lost_reason?: string | null;
            /** @description The lead's id in the external CRM. */
            external_id?: string | null;
            /**
             * Format: uri
             * @description The lead's page in the external CRM.
             */
            external_url?: string | null;
            title?: string | null;
        };
        MoneyInput: {
            /** @description Decimal text, at most two places, not negative. */
            amount: string;
            /** @description The cell currency (RUB on ru, GBP on en, IDR on id). */
            currency: string;
        };
        LeadCreate: {
            /**
             * @description Any canonical status; lost needs lost_reason (sent now or already set).
             * @enum {string}
             */
            status?: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            archived?: boolean;
            /** @description Kept while archived; unarchiving clears it. */
            archived_reason?: string | null;
            owner?: string | null;
            assigned_to?: string | null;
            value?: components["schemas"]["MoneyInput"] | null;
            next_action?: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with zone.
             */
            next_action_at?: string | null;
            lost_reason?: string | null;
            /** @description The lead's id in the external CRM. */
            external_id?: string | null;
            /**
             * Format: uri
             * @description The lead's page in the external CRM.
             */
            external_url?: string | null;
            title?: string | null;
            contact?: components["schemas"]["LeadContactInput"];
            /**
             * Format: uuid
             * @description An existing contact (not with contact).
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A conversation of the account; the lead becomes its open lead (409 invalid_state when it has one).
             */
            conversation_id?: string;
            /** @description Default api. */
            source?: string;
            product_id?: string | null;
            course_slug?: string | null;
            attribution?: components["schemas"]["LeadAttributionInput"] | null;
        };
        /** @description A new contact; merged into the account's contact with the same e-mail or phone when there is one. */
        LeadContactInput: {
            name?: string;
            /** Format: email */
            email?: string;
            phone?: string;
        };
        LeadAttributionInput: {
            landing_page?: string | null;
            page_title?: string | null;
            referrer?: string | null;
            utm_source?: string | null;
            utm_medium?: string | null;
            utm_campaign?: string | null;
            utm_term?: string | null;
            utm_content?: string | null;
        };
        LeadScoreSet: {
            score: number;
            /**
             * @description Default: from the score (60+ hot, 30+ warm, else cold).
             * @enum {string}
             */
            level?: "cold" | "warm" | "hot";
            /** @description Carried by lead.scored. */
            reason?: string | null;
            flags?: string[];
        };
        LeadTask: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            lead_id: string;
            title: string;
            /** Format: date-time */
            due_at: string | null;
            /** @enum {string} */
            status: "open" | "completed";
            /**
             * @description api: made by an integrator; scorer: the next action of a hot lead.
             * @enum {string}
             */
            source: "api" | "scorer";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        LeadTaskCreate: {
            title: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with zone.
             */
            due_at?: string | null;
        };
        LeadTaskPage: {
            data: components["schemas"]["LeadTask"][];
            next_cursor: string | null;
        };
        ArticlePage: {
            data: components["schemas"]["ArticleSummary"][];
            next_cursor: string | null;
        };
        ArticleSummary: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @description Page address (a path segment). */
            slug: string | null;
            /**
             * @description handed_off is reserved for the hand-off (spec 02) and answered only where the hand-off (POST /articles/{id}/publish, Planned) answers: published by the caller after target none, until PATCH published_url. Where it does not answer (the spec's release status), such an article reads as approved and status=handed_off is 422 not_supported.
             * @enum {string}
             */
            status: "draft" | "review" | "approved" | "published" | "rejected" | "transferred" | "external" | "handed_off";
            /** @description ru, en, id. */
            locale: string | null;
            /** @description Main search query. */
            keyword: string | null;
            meta_title: string | null;
            meta_description: string | null;
            cover_image_url: string | null;
            /** @description 0 if not counted. */
            word_count: number;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            updated_at: string | null;
            /** Format: date-time */
            published_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        Article: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @description Page address (a path segment). */
            slug: string | null;
            /**
             * @description handed_off is reserved for the hand-off (spec 02) and answered only where the hand-off (POST /articles/{id}/publish, Planned) answers: published by the caller after target none, until PATCH published_url. Where it does not answer (the spec's release status), such an article reads as approved and status=handed_off is 422 not_supported.
             * @enum {string}
             */
            status: "draft" | "review" | "approved" | "published" | "rejected" | "transferred" | "external" | "handed_off";
            /** @description ru, en, id. */
            locale: string | null;
            /** @description Main search query. */
            keyword: string | null;
            meta_title: string | null;
            meta_description: string | null;
            cover_image_url: string | null;
            /** @description 0 if not counted. */
            word_count: number;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            updated_at: string | null;
            /** Format: date-time */
            published_at: string | null;
            /**
             * @description The format content is in.
             * @enum {string}
             */
            format: "html" | "markdown" | "blocks";
            /** @description html: sanitized HTML; markdown: GFM built from it; blocks: the editor document as one block of type html. Empty ('' or []) for an article without a body. */
            content: string | components["schemas"]["ContentBlock"][];
            publication: components["schemas"]["Publication"] | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        ContentBlock: {
            /**
             * @description html: an editor document, returned whole as one block (spec 02); every article body is one now. Tolerate other types later.
             * @enum {string}
             */
            type: "html";
            /** @description Sanitized HTML of the block. */
            html: string;
        };
        /** @description The newest job version; null = never published. */
        Publication: {
            /** Format: uuid */
            id: string;
            /** @description Job version; a new one for each changed source (content hash). */
            version: number;
            /**
             * @description none arrives with the hand-off (spec 02): answered only where POST /articles/{id}/publish answers; elsewhere the newest connector job is shown.
             * @enum {string}
             */
            target: "connector" | "none";
            /** Format: uuid */
            site_id: string | null;
            /** @description draft or publish; draft when the site's owner allows drafts only; null for target none. */
            publish_mode: string | null;
            /** @enum {string} */
            state: "queued" | "applied" | "skipped" | "conflict" | "failed";
            published_url: string | null;
            /** @description Reason of a conflict or a failure. */
            error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        ArticleUpdate: {
            title?: string;
            /** @description A page path segment: lowercase latin letters and digits, words joined by single hyphens; unique in the account (422 taken). */
            slug?: string | null;
            /** @description HTML, sanitized on the way in (the allowlist of docs/decisions.md); at most 2,000,000 bytes (the body itself at most 256 KB). */
            content?: string;
            meta_title?: string | null;
            meta_description?: string | null;
            /**
             * Format: uri
             * @description Only for a handed_off article: confirms the caller published it there; the article becomes published and article.published is sent.
             */
            published_url?: string;
        };
        PublishRequest: {
            /**
             * @description connector: a job for the site module of site_id; none: the article becomes handed_off and the caller publishes it.
             * @enum {string}
             */
            target: "connector" | "none";
            /** @description With connector: a bound site of the account (404 otherwise). */
            site_id?: string;
            /**
             * @description With connector: draft or publish; a drafts-only site makes it draft.
             * @enum {string}
             */
            publish_mode?: "draft" | "publish";
        };
        EditorialProfile: {
            niche: string;
            audience: string | null;
            tone: string | null;
            presentation: string | null;
            topic_sources: string[];
            source_urls: string[];
            avoid: string | null;
            example_text: string | null;
            /** @description ru, en, id. */
            locale: string | null;
            /** Format: date-time */
            updated_at: string;
            /** @description false for a sandbox's profile (a test key), true live. */
            livemode: boolean;
        };
        /** @description The whole profile: a field not sent becomes empty. */
        EditorialProfileUpdate: {
            /** @description What the account writes about; required. */
            niche: string;
            audience?: string | null;
            tone?: string | null;
            /** @description How articles are laid out (lists, tables, length). */
            presentation?: string | null;
            /** @description Where topics come from (e.g. search queries, the catalogue). */
            topic_sources?: string[];
            source_urls?: string[];
            /** @description What articles must not say or mention. */
            avoid?: string | null;
            /** @description A sample of the wanted style. */
            example_text?: string | null;
            /** @enum {string|null} */
            locale?: "ru" | "en" | "id" | null;
        };
        ArticleGenerationRequest: {
            /** @description The main search query the article answers. */
            keyword: string;
            title?: string;
            /**
             * @description Default: the editorial profile's locale, else the cell's language.
             * @enum {string}
             */
            locale?: "ru" | "en" | "id";
            /** @description A strategist topic the article answers (carried into article.generation.failed). */
            topic_id?: string;
            max_cost?: components["schemas"]["MaxCost"];
        };
        /** @description Money in the cell currency that lowers this operation's cost cap, never raises it: above the account's cost cap for one operation is 422 validation_failed at /max_cost (the message names the cap); below the least the work costs is 402 spend_limit_reached. */
        MaxCost: {
            /** @description Decimal text, at most two places, never a float. */
            amount: string;
            /** @description The cell currency (RUB on ru, GBP on en, IDR on id); another is 422 validation_failed at /max_cost/currency. */
            currency: string;
        };
        GenerationJob: {
            /**
             * Format: uuid
             * @description The job id = its operation id.
             */
            id: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            keyword: string;
            topic_id: string | null;
            /**
             * Format: uuid
             * @description The draft written; null until succeeded.
             */
            article_id: string | null;
            error: {
                code: string;
                message: string;
            } | null;
            usage: components["schemas"]["Usage"] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        IngestResult: {
            /** @description Items stored now. */
            accepted: number;
            /** @description Items whose id was already stored (or repeated in the batch): counted once. */
            duplicates: number;
            /** @description Offline conversions only: stored without a lead or contact (none had that e-mail or phone). Only to a key that may read contacts (leads:read, with the personal-data transfer conditions on the ru cell); absent for any other key, to which it would tell whether an e-mail or phone belongs to one of the account's customers. */
            unmatched?: number;
        };
        EventBatchProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "validation_failed";
            detail: string;
            request_id: string;
            /** @description Every field at fault. */
            errors: components["schemas"]["FieldError"][];
            /** @description The other items, stored now. Absent when the body itself was refused (nothing stored). */
            accepted?: number;
            /** @description The other items already stored, counted once. Absent as accepted. */
            duplicates?: number;
        };
        EventBatch: {
            /** @description 1 to 500 events. */
            events: (components["schemas"]["AnalyticsEvent"] | unknown)[];
        };
        AnalyticsEvent: components["schemas"]["PageViewEvent"] | components["schemas"]["SiteSearchEvent"] | components["schemas"]["AddToCartEvent"] | components["schemas"]["PurchaseEvent"] | components["schemas"]["SignupEvent"] | components["schemas"]["AdSpendEvent"] | components["schemas"]["SearchPerformanceEvent"] | components["schemas"]["CustomEvent"];
        PageViewEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "page_view";
            properties: {
                /**
                 * Format: uri
                 * @description The page address (http or https).
                 */
                url: string;
                title?: string;
                /** Format: uri */
                referrer?: string;
                utm_source?: string;
                utm_medium?: string;
                utm_campaign?: string;
                utm_term?: string;
                utm_content?: string;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        SiteSearchEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "site_search";
            properties: {
                query: string;
                results?: number;
                /** Format: uri */
                url?: string;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        AddToCartEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "add_to_cart";
            properties: {
                product_id?: string;
                quantity?: number;
                value?: components["schemas"]["MoneyInput"];
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        PurchaseEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "purchase";
            properties: {
                order_id?: string;
                value: components["schemas"]["MoneyInput"];
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        SignupEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "signup";
            properties: {
                method?: string;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        AdSpendEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at?: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "ad_spend";
            properties: {
                /** @description The ad platform or traffic source (google_ads, yandex_direct, meta, ...). */
                source: string;
                campaign?: string;
                cost: components["schemas"]["MoneyInput"];
                /** @description The day the money was spent (YYYY-MM-DD, the day of the rollup). */
                date: string;
                clicks?: number;
                impressions?: number;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        SearchPerformanceEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at?: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "search_performance";
            properties: {
                keyword: string;
                /** Format: uri */
                page: string;
                impressions: number;
                /** @description Not above impressions. */
                clicks: number;
                /** @description Average position on that day. */
                position: number;
                /** @description The day of the figures (YYYY-MM-DD, the day of the rollup). */
                date: string;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        CustomEvent: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.
             */
            occurred_at: string;
            /** @description Your anonymous visitor id (a first-party cookie, a device id): what visitors count. */
            visitor_id?: string;
            /**
             * Format: uuid
             * @description A contact of this account; an unknown one is 422 at the field.
             */
            contact_id?: string;
            /**
             * Format: uuid
             * @description A lead of this account; an unknown one is 422 at the field.
             */
            lead_id?: string;
            /** @enum {string} */
            type: "custom";
            /** @description name, an optional number value, and any other members (kept as sent). */
            properties: {
                /** @description Lowercase latin letters, digits, _ . : -; at most 64. */
                name: string;
                value?: number;
            };
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        OfflineConversionBatchProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "validation_failed";
            detail: string;
            request_id: string;
            /** @description Every field at fault. */
            errors: components["schemas"]["FieldError"][];
            /** @description The other items, stored now. Absent when the body itself was refused (nothing stored). */
            accepted?: number;
            /** @description The other items already stored, counted once. Absent as accepted. */
            duplicates?: number;
            /** @description As IngestResult.unmatched, for the items stored. */
            unmatched?: number;
        };
        OfflineConversionBatch: {
            /** @description 1 to 500 conversions. */
            conversions: (components["schemas"]["OfflineConversion"] | unknown)[];
        };
        OfflineConversion: {
            /** @description Your id of the event: the dedupe key. A re-sent id is counted once. */
            id: string;
            /**
             * Format: uuid
             * @description The lead the sale closes; else contact_email or contact_phone finds the contact.
             */
            lead_id?: string;
            /** Format: email */
            contact_email?: string;
            /** @description Read with the cell's default country when it has no country code. */
            contact_phone?: string;
            value: components["schemas"]["MoneyInput"];
            /** Format: date-time */
            occurred_at: string;
            order_id?: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        Timeseries: {
            data: {
                /** @enum {string} */
                metric: "visitors" | "page_views" | "conversations" | "ai_replies" | "handoffs" | "leads" | "qualified_leads" | "won_leads" | "revenue" | "ai_cost" | "conversion_rate";
                /** @enum {string} */
                interval: "day" | "week" | "month";
                from: string;
                /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                to: string;
                /** @description The IANA zone the days are counted in. */
                time_zone: string;
                /** @enum {string} */
                unit: "count" | "money" | "ratio";
                points: components["schemas"]["TimeseriesPoint"][];
                /** @description Over the whole period (for a ratio: of the totals). */
                total: number | components["schemas"]["Money"];
                data_as_of: components["schemas"]["DataAsOf"];
            };
        };
        TimeseriesPoint: {
            /** @description First day of the interval (not before from). */
            date: string;
            /** @description A count, Money (cell currency), or a ratio (null when its denominator is 0). Days without data count 0. */
            value: number | components["schemas"]["Money"];
        };
        /** @description Per source (web, conversations, leads, ads, search, offline_conversions), the day up to which its data is complete; a source without data is omitted. partial_day: today, when the period ends today (include_today; its figures are so far, not complete). */
        DataAsOf: {
            [key: string]: string;
        };
        Funnel: {
            data: {
                from: string;
                /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                to: string;
                /** @description The IANA zone the days are counted in. */
                time_zone: string;
                steps: components["schemas"]["FunnelStep"][];
                data_as_of: components["schemas"]["DataAsOf"];
            };
        };
        FunnelStep: {
            /**
             * @description visits (visitors), chats (conversations), leads, qualified, won; in that order.
             * @enum {string}
             */
            step: "visitors" | "conversations" | "leads" | "qualified_leads" | "won_leads";
            /** @description Of the period: each step counts what happened in it (not a cohort). */
            count: number;
            /** @description count / previous step's count, to four places; null for the first step or when the previous is 0. */
            conversion_from_previous: number | null;
        };
        TrafficSourcePage: {
            data: components["schemas"]["TrafficSource"][];
            next_cursor: string | null;
            /** @description Why conversations per source are null: what the platform would need to attribute a chat to a source. */
            conversations_reason: string;
            period: {
                from: string;
                /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                to: string;
                /** @description The IANA zone the days are counted in. */
                time_zone: string;
            };
            data_as_of: components["schemas"]["DataAsOf"];
        };
        TrafficSource: {
            /** @description utm_source (lower-cased), else the referrer's host without www., else (direct). */
            source: string;
            /** @description utm_medium, else referral, else (none). */
            medium: string;
            /** @description Distinct visitors per day, summed. */
            visitors: number;
            page_views: number;
            /** @description Always null, for the reason given in the page's `conversations_reason`. */
            conversations: unknown;
            /** @description Leads opened in the period whose attribution names this source. */
            leads: number;
            /** @description Leads won in the period, by their attribution. */
            won: number;
            /** @description Value of those won leads (offline conversions carry no source). */
            revenue: components["schemas"]["Money"];
        };
        VisibilityPage: {
            data: components["schemas"]["VisibilityRow"][];
            next_cursor: string | null;
            /**
             * @description ok; no_data: search_performance was sent, none in this period; no_source: none was ever sent.
             * @enum {string}
             */
            availability: "ok" | "no_data" | "no_source" | "not_connected";
            /** @description Why the answer has no rows. */
            reason?: string;
            period: {
                from: string;
                /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                to: string;
                /** @description The IANA zone the days are counted in. */
                time_zone: string;
            };
            data_as_of: components["schemas"]["DataAsOf"];
        };
        VisibilityRow: {
            keyword: string;
            page: string;
            current: components["schemas"]["VisibilityFigures"];
            /** @description The period of the same length just before. */
            previous: components["schemas"]["VisibilityFigures"];
            /** @description current - previous; null where either is null. */
            change: {
                impressions: number;
                clicks: number;
                ctr: number | null;
                /** @description Negative = moved up. */
                position: number | null;
            };
        };
        VisibilityFigures: {
            impressions: number;
            clicks: number;
            /** @description clicks / impressions to four places; null without impressions. */
            ctr: number | null;
            /** @description Impression-weighted average position; null without impressions. */
            position: number | null;
        };
        Overview: {
            data: {
                from: string;
                /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                to: string;
                /** @description The IANA zone the days are counted in. */
                time_zone: string;
                /** @description In screen order. */
                blocks: {
                    strategist?: components["schemas"]["OverviewBlock"];
                    kpi?: components["schemas"]["OverviewBlock"];
                    funnel?: components["schemas"]["OverviewBlock"];
                    attention?: components["schemas"]["OverviewBlock"];
                    ads?: components["schemas"]["OverviewBlock"];
                    ai_assistants?: components["schemas"]["OverviewBlock"];
                    popular_pages?: components["schemas"]["OverviewBlock"];
                    clusters?: components["schemas"]["OverviewBlock"];
                    data_trust?: components["schemas"]["OverviewBlock"];
                    sitemap_health?: components["schemas"]["SitemapHealthBlock"];
                    status?: components["schemas"]["OverviewBlock"];
                };
            };
        };
        /** @description availability, reason, data_as_of, and the figures of the block (see the route description). */
        OverviewBlock: {
            /**
             * @description ok; no_data: the source exists, nothing in the period; no_source: nothing was ever sent; not_connected: the module that feeds it is not there.
             * @enum {string}
             */
            availability: "ok" | "no_data" | "no_source" | "not_connected";
            /** @description Why the block is not ok. */
            reason?: string;
            data_as_of: components["schemas"]["DataAsOf"];
        };
        /** @description A bound site's sitemap read through the webhooks' address rules, against the account's published articles. */
        SitemapHealthBlock: {
            /**
             * @description ok; no_data: the source exists, nothing in the period; no_source: nothing was ever sent; not_connected: the module that feeds it is not there.
             * @enum {string}
             */
            availability: "ok" | "no_data" | "no_source" | "not_connected";
            /** @description Why the block is not ok. */
            reason?: string;
            data_as_of: components["schemas"]["DataAsOf"];
            /**
             * @description The worst state of the sites (error, warning, checking, ok); not_connected without a bound site.
             * @enum {string}
             */
            state: "ok" | "warning" | "error" | "checking" | "not_connected";
            /** @description The first 5 bound sites. */
            sites: components["schemas"]["SitemapHealthSite"][];
        };
        SitemapHealthSite: {
            /** Format: uuid */
            site_id: string;
            /** @description The bound site's address. */
            url: string;
            /**
             * @description ok: every published article of the site is in its sitemap; warning: some are not, or part of the sitemap was not read (truncated); error: the sitemap could not be read (see error); checking: the first read is still running.
             * @enum {string}
             */
            state: "ok" | "warning" | "error" | "checking";
            /** @description The sitemap read: the first Sitemap: line of the site's robots.txt, else /sitemap.xml (after redirects). */
            sitemap_url: string | null;
            /** @description true when robots.txt declared the sitemap. */
            declared: boolean | null;
            /**
             * Format: date-time
             * @description When the figures were read; null while checking.
             */
            fetched_at: string | null;
            /** @description <url> entries of the sitemap (of its sitemaps, for an index). */
            url_count: number | null;
            /** @description Documents read: the sitemap, and the sitemaps of an index (one level, at most 20). */
            sitemaps_read: number | null;
            /** @description Part of the sitemap was not read (over 50,000 URLs, over 20 sitemaps, a nested index, a failing sitemap of the index, the time limit). */
            truncated: boolean;
            /** @description What was not read, and why. */
            warnings: string[];
            /** @description Published articles whose public address is on this site, judged against the sitemap. */
            articles_checked: number | null;
            /** @description Of them, those the sitemap does not list. */
            articles_missing: number | null;
            /** @description The first 20 missing articles, newest publication first. */
            missing_articles: {
                /** Format: uuid */
                id: string;
                title: string;
                published_url: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            }[];
            /** @description Articles not met in a truncated sitemap: they may be in the part not read. */
            articles_unverified: number | null;
            error: {
                /**
                 * @description blocked_address: the address is in a class webhooks may not reach (not fetched); too_big: over 5 MB.
                 * @enum {string}
                 */
                code: "blocked_address" | "unreachable" | "timeout" | "http_error" | "not_xml" | "not_a_sitemap" | "too_big";
                message: string;
            } | null;
        };
        Pulse: {
            data: {
                /** @description The period the alerts are counted over. */
                period: {
                    from: string;
                    /** @description As asked, or clamped to the last full day (to today with include_today, a partial day). */
                    to: string;
                    /** @description The IANA zone the days are counted in. */
                    time_zone: string;
                };
                /** @description What the period is compared with: the same number of days just before it (to is the day before period.from), in the same time zone. */
                previous_period: {
                    from: string;
                    to: string;
                };
                /** @description Alerts with status new whose episode_start is in the last 7 days of the period. */
                new_7d: number;
                /** @description true when the list was cut at 50 alerts. */
                truncated: boolean;
                alerts: components["schemas"]["PulseAlert"][];
                data_as_of: components["schemas"]["DataAsOf"];
            };
        };
        PulseAlert: {
            /** @description Stable for a keyword and a period length: pulse_<horizon>_<hash of the keyword>. */
            id: string;
            /**
             * Format: uuid
             * @description The strategist topic proposed for this keyword (strategist_topic), or null when none is.
             */
            topic_id: string | null;
            /** @description The linked topic's title, else the keyword. */
            topic_name: string;
            keyword: string;
            /** @description The period's length in days, as <days>d (30d by default): the same for every alert of an answer. */
            horizon: string;
            /**
             * @description new: not seen in previous_period; active: growing or steady; fading: fewer than in previous_period.
             * @enum {string}
             */
            status: "new" | "active" | "fading";
            /** @description First day seen in the period (in previous_period for a keyword the period no longer has). */
            episode_start: string;
            last_seen: string;
            /** @description volume × (1 + growth, or 1 when new), to two places: what the list is sorted by. */
            score: number;
            /** @description Searches on the site, search impressions and customer questions in chats, in the period [from, to]. */
            volume: number;
            /** @description (volume - volume in previous_period) / that volume, to four places; null when new. */
            growth: number | null;
            /** @description Where the keyword was seen: chat_question is a customer message that ends with a question mark or starts with a question word (English or Russian), the keyword being the question itself (lower case, without the trailing mark). */
            sources: ("chat_question" | "search_performance" | "site_search")[];
            /** @description The newest topic of the queue, neither rejected nor a duplicate, whose title is the keyword (case aside) or near-duplicates it (the queue's own rule); null when none is. Read it whole at GET /strategist/topics/{id} (strategist:read). */
            strategist_topic: {
                /** Format: uuid */
                id: string;
                title: string;
                /** @enum {string} */
                status: "proposed" | "approved" | "generating" | "generated" | "expired";
                source: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            } | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistReportPage: {
            data: components["schemas"]["StrategistReportSummary"][];
            next_cursor: string | null;
        };
        StrategistReportSummary: {
            /** Format: uuid */
            id: string;
            /** @description The last day the report covers. */
            report_date: string;
            /** @enum {string} */
            report_type: "daily" | "weekly";
            summary_text: string;
            /** @description Each metric key -> its latest data date (YYYY-MM-DD); `snapshot` -> the analytics snapshot date; empty without a snapshot. */
            data_as_of: {
                [key: string]: string;
            };
            actions_count: number;
            /**
             * Format: date-time
             * @description When strategist.report.ready was raised.
             */
            delivered_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistReport: {
            /** Format: uuid */
            id: string;
            /** @description The last day the report covers. */
            report_date: string;
            /** @enum {string} */
            report_type: "daily" | "weekly";
            summary_text: string;
            /** @description Each metric key -> its latest data date (YYYY-MM-DD); `snapshot` -> the analytics snapshot date; empty without a snapshot. */
            data_as_of: {
                [key: string]: string;
            };
            highlights: components["schemas"]["StrategistFinding"][];
            concerns: components["schemas"]["StrategistFinding"][];
            actions: components["schemas"]["StrategistReportAction"][];
            evidence: components["schemas"]["StrategistEvidence"];
            /** Format: date-time */
            delivered_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        /** @description A highlight (what goes well) or a concern. */
        StrategistFinding: {
            title: string;
            detail: string;
            /** @description The figures the finding rests on. */
            figures: components["schemas"]["StrategistFigure"][];
            /** @description What the finding is about: metric:<key>, message:<id>, conversation:<id>, card:<code>. */
            refs: string[];
        };
        StrategistFigure: {
            /** @description Metric key, e.g. conversations, ai_replies, handoffs, cards_offered. */
            metric: string;
            /** @description The figure of the reported period. */
            current: number;
            /** @description The figure of the period before; null when not comparable. */
            previous: number | null;
            /** @description Percent change; null when the previous figure is 0 or absent. */
            change_pct: number | null;
        };
        StrategistReportAction: {
            title: string;
            /** @enum {string} */
            priority: "high" | "medium" | "low";
            rationale: string;
            /** @description What the action acts on: metric:<key>, message:<id>, card:<code>, conversation:<id>. */
            target_ref: string | null;
            expected_effect: string;
            check_after_days: number;
            /** @description The concern the action answers (concern:<index>) or a highlight (highlight:<index>). */
            basis: string;
        };
        StrategistEvidence: {
            actions: components["schemas"]["StrategistEvidenceAction"][];
            validation: {
                /** @description Every ref resolved to a real row (or metric) of the tenant. */
                refs_valid: boolean;
                /** @description Every quoted excerpt occurs in its source message. */
                excerpts_valid: boolean;
                /** @description Each action's target belongs to the concern it answers. */
                relevance_checked: boolean;
                /** @description What was missing or dropped. */
                limitations: string[];
            };
        };
        StrategistEvidenceAction: {
            index: number;
            /**
             * @description valid when every item of the action resolved.
             * @enum {string}
             */
            status: "valid" | "invalid";
            basis: string;
            items: components["schemas"]["StrategistEvidenceItem"][];
        };
        StrategistEvidenceItem: {
            /** @description metric, message, conversation or card; the set may grow. */
            kind: string;
            /** @description The metric key or the id (card code) of a row of the tenant. */
            ref: string;
            /** @description Quoted text; checked to occur in the message it names. */
            excerpt?: string;
        };
        StrategistTopicPage: {
            data: components["schemas"]["StrategistTopic"][];
            next_cursor: string | null;
        };
        StrategistTopic: {
            /** Format: uuid */
            id: string;
            title: string | null;
            rationale: string | null;
            /** @description 0 to 100; null = not scored (listed last). */
            trend_score: number | null;
            /** @description planner, competitors, strategist or chat, and others. */
            source: string;
            /**
             * @description expired is derived: proposed and expires_at reached.
             * @enum {string}
             */
            status: "proposed" | "approved" | "generating" | "generated" | "rejected" | "duplicate" | "expired";
            /**
             * Format: uuid
             * @description The topics of one subject share it: the id of the cluster's first topic (a topic related to none is a cluster of its own). See the clusters block of GET /dashboards/overview.
             */
            cluster_id: string | null;
            /** Format: uuid */
            generated_article_id: string | null;
            /** Format: date-time */
            proposed_at: string | null;
            /** Format: date-time */
            decided_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistActionPage: {
            data: components["schemas"]["StrategistAction"][];
            next_cursor: string | null;
        };
        StrategistAction: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            session_id: string | null;
            /** @description Only propose_topic in v1. */
            type: string;
            title: string;
            /**
             * @description expired is derived: proposed and expires_at reached.
             * @enum {string}
             */
            status: "proposed" | "confirmed" | "executed" | "failed" | "cancelled" | "expired";
            result: {
                /** Format: uuid */
                topic_id: string;
            } | null;
            /** @description Set when status is failed. code duplicate_topic: the title near-duplicates one of the tenant's topics or articles (the message names it), so no topic was queued. */
            error: {
                code: string;
                message: string;
            } | null;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            decided_at: string | null;
            /** Format: date-time */
            expires_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistTopicDecision: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "proposed" | "approved" | "generating" | "generated" | "rejected" | "duplicate" | "expired";
            /** Format: date-time */
            decided_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistTopicApprove: {
            /**
             * @description true orders article generation (paid): needs articles:generate, a completed editorial profile and an Idempotency-Key.
             * @default false
             */
            generate?: boolean;
            /** @description Only with generate true. Money in the cell currency that lowers this operation's cost cap, never raises it: above the account's cost cap for one operation is 422 validation_failed at /max_cost (the message names the cap); below the least the work costs is 402 spend_limit_reached. */
            max_cost?: components["schemas"]["MaxCost"];
        };
        StrategistSession: {
            /** Format: uuid */
            id: string;
            title: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description Moves with every turn asked and answered.
             */
            updated_at: string;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistSessionCreate: {
            /** @description A name for the session, up to 200 characters; optional. */
            title?: string | null;
        };
        StrategistSessionPage: {
            data: components["schemas"]["StrategistSession"][];
            next_cursor: string | null;
        };
        StrategistTurnAnswer: {
            turn: components["schemas"]["StrategistTurn"];
            /** @description The OperationEnvelope part: type strategist.turn, resource {type: strategist_turn, id}. */
            operation: components["schemas"]["Operation"];
        };
        StrategistTurn: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            session_id: string;
            /**
             * @description Its operation's: pending while queued or running, then answered, failed or canceled.
             * @enum {string}
             */
            status: "pending" | "answered" | "failed" | "canceled";
            /** @description The customer's question, as sent. */
            question: string;
            /** @description The strategist's answer; null until answered. */
            answer: string | null;
            /** @description The propose_topic actions the answer proposed (GET /strategist/actions/{id}); confirm one to queue its topic. */
            action_ids: string[];
            /**
             * Format: uuid
             * @description The strategist.turn operation that answers it (GET /operations/{id}, POST /operations/{id}/cancel).
             */
            operation_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            answered_at: string | null;
            /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
            livemode?: boolean;
        };
        StrategistTurnUpstreamProblem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "upstream_unavailable";
            detail: string;
            request_id: string;
            turn: components["schemas"]["StrategistTurn"];
            /** @description The failed operation (nothing charged). */
            operation: components["schemas"]["Operation"];
        };
        StrategistTurnCreate: {
            /** @description The question to the strategist, 1 to 4000 characters. */
            content: string;
        };
        StrategistTurnPage: {
            data: components["schemas"]["StrategistTurn"][];
            next_cursor: string | null;
        };
        ConversationCreatedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "conversation.created";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["ConversationCreatedData"] | components["schemas"]["ConversationCreatedDataWithPii"];
        };
        ConversationCreatedData: {
            conversation_id: string;
            contact_id: string | null;
            /** @description The channel type: website, api, a messenger. */
            channel: string | null;
        };
        ConversationCreatedDataWithPii: {
            conversation_id: string;
            contact_id: string | null;
            /** @description The channel type: website, api, a messenger. */
            channel: string | null;
            contact: components["schemas"]["EventContact"];
        };
        /** @description The customer: personal data, only to include_pii subscriptions. */
        EventContact: {
            name: string | null;
            email: string | null;
            phone: string | null;
        };
        ConversationHandoffRequestedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "conversation.handoff_requested";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["ConversationHandoffRequestedData"] | components["schemas"]["ConversationHandoffRequestedDataWithPii"];
        };
        ConversationHandoffRequestedData: {
            conversation_id: string;
            /** @description The conversation's lead, when it has one. */
            lead_id?: string;
            /** @description Why: ai_handoff, ai_reply_failed, a skip reason, or what the caller said. */
            reason?: string;
        };
        ConversationHandoffRequestedDataWithPii: {
            conversation_id: string;
            /** @description The conversation's lead, when it has one. */
            lead_id?: string;
            /** @description Why: ai_handoff, ai_reply_failed, a skip reason, or what the caller said. */
            reason?: string;
            contact: components["schemas"]["EventContact"];
        };
        ConversationSummaryReadyEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "conversation.summary_ready";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["ConversationSummaryReadyData"];
        };
        ConversationSummaryReadyData: {
            conversation_id: string;
        };
        MessageCreatedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "message.created";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["MessageCreatedData"];
        };
        MessageCreatedData: {
            message_id: string;
            conversation_id: string;
            /** @enum {string} */
            sender: "customer" | "ai" | "operator" | "system";
            /** @description A customer message only: whether the AI answers it. */
            ai_reply?: {
                /** @enum {string} */
                status: "queued" | "skipped";
                /** @description skipped only: ai_not_permitted, operator_mode, handoff_pending, or why the paid work was refused. */
                reason?: string;
            };
        };
        LeadCreatedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "lead.created";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["LeadCreatedData"] | components["schemas"]["LeadCreatedDataWithPii"];
        };
        LeadCreatedData: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
        };
        LeadCreatedDataWithPii: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            /** @description Absent when the lead has no contact. */
            contact?: components["schemas"]["EventContact"];
            lead?: components["schemas"]["EventLead"];
        };
        /** @description The lead's own fields (as in the Lead resource): personal data, only to include_pii subscriptions. */
        EventLead: {
            /** @description Derived when the lead opens ("Runner X sneakers — Anna"); changeable. */
            title: string | null;
            /**
             * @description Pipeline stage, in order: new, contacted, qualified, proposal, then won or lost.
             * @enum {string}
             */
            status: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            /** @description The channel the lead came through: website, api, messenger types; the set may grow. */
            source: string | null;
            /** @description Who owns the lead on the tenant side (free text, e.g. an e-mail). */
            owner: string | null;
            assigned_to: string | null;
            /** @description Expected deal value, in the cell currency. */
            value: components["schemas"]["Money"] | null;
            /** @description The product (card) the customer named. */
            product_id: string | null;
            attribution: components["schemas"]["LeadAttribution"] | null;
            archived: boolean;
            /** @description The lead's id in an external CRM. */
            external_id: string | null;
            /** @description The lead's page in an external CRM. */
            external_url: string | null;
            /**
             * @description What the customer wants, from their messages in the lead's conversation: buy, price, availability, delivery, support or other; null until the conversation has a customer message. Refreshed with the score.
             * @enum {string|null}
             */
            intent: "buy" | "price" | "availability" | "delivery" | "support" | "other" | null;
            /** @description A short summary of what the customer wants, written by the AI model from the customer's messages (e-mail addresses, phone numbers, card and account numbers and addresses replaced by placeholders such as [email]; names kept); refreshed with the score. Personal data: only with leads:read, recorded in the disclosure log; in lead.* events only to include_pii subscriptions. */
            ai_summary: string | null;
        };
        LeadUpdatedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "lead.updated";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["LeadUpdatedData"] | components["schemas"]["LeadUpdatedDataWithPii"];
        };
        LeadUpdatedData: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            /** @description The Lead fields that changed. */
            changed_fields: string[];
        };
        LeadUpdatedDataWithPii: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            /** @description The Lead fields that changed. */
            changed_fields: string[];
            /** @description Absent when the lead has no contact. */
            contact?: components["schemas"]["EventContact"];
            lead?: components["schemas"]["EventLead"];
        };
        LeadScoredEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "lead.scored";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["LeadScoredData"] | components["schemas"]["LeadScoredDataWithPii"];
        };
        LeadScoredData: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            score: number;
            /** @enum {string} */
            level: "cold" | "warm" | "hot";
            reason: string | null;
            /** @description Signals the scorer saw (contact_left, product_named, price_asked, ...). */
            flags: string[];
        };
        LeadScoredDataWithPii: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            score: number;
            /** @enum {string} */
            level: "cold" | "warm" | "hot";
            reason: string | null;
            /** @description Signals the scorer saw (contact_left, product_named, price_asked, ...). */
            flags: string[];
            /** @description Absent when the lead has no contact. */
            contact?: components["schemas"]["EventContact"];
            lead?: components["schemas"]["EventLead"];
        };
        LeadStatusChangedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "lead.status_changed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["LeadStatusChangedData"] | components["schemas"]["LeadStatusChangedDataWithPii"];
        };
        LeadStatusChangedData: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            /** @enum {string} */
            from: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            /** @enum {string} */
            to: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
        };
        LeadStatusChangedDataWithPii: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            /** @enum {string} */
            from: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            /** @enum {string} */
            to: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
            /** @description Absent when the lead has no contact. */
            contact?: components["schemas"]["EventContact"];
            lead?: components["schemas"]["EventLead"];
        };
        LeadActionRequestedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "lead.action_requested";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["LeadActionRequestedData"] | components["schemas"]["LeadActionRequestedDataWithPii"];
        };
        LeadActionRequestedData: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            reason: string;
            /** @description The customer messages the scorer read (the latest) and the score. */
            evidence: ({
                /** @enum {string} */
                type: "message";
                /** @description A customer message the scorer read. */
                id: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            } | {
                /** @enum {string} */
                type: "score";
                score: number;
                flags: string[];
            })[];
        };
        LeadActionRequestedDataWithPii: {
            lead_id: string;
            contact_id: string | null;
            conversation_id: string | null;
            /** @description The lead's version after the change. */
            version: number;
            reason: string;
            /** @description The customer messages the scorer read (the latest) and the score. */
            evidence: ({
                /** @enum {string} */
                type: "message";
                /** @description A customer message the scorer read. */
                id: string;
                /** @description false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation's {type, id} resource too), however deep. */
                livemode?: boolean;
            } | {
                /** @enum {string} */
                type: "score";
                score: number;
                flags: string[];
            })[];
            /** @description Absent when the lead has no contact. */
            contact?: components["schemas"]["EventContact"];
            lead?: components["schemas"]["EventLead"];
        };
        TaskCreatedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "task.created";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["TaskCreatedData"];
        };
        TaskCreatedData: {
            task_id: string;
            lead_id: string | null;
        };
        TaskCompletedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "task.completed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["TaskCompletedData"];
        };
        TaskCompletedData: {
            task_id: string;
            lead_id: string | null;
        };
        ContactMergedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "contact.merged";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            /** @description The thin payload; to an include_pii subscription the content too (when the event has any). */
            data: components["schemas"]["ContactMergedData"] | components["schemas"]["ContactMergedDataWithPii"];
        };
        ContactMergedData: {
            /** @description The contact that remains. */
            contact_id: string;
            /** @description The contacts merged into it (they no longer exist). */
            merged_contact_ids: string[];
        };
        ContactMergedDataWithPii: {
            /** @description The contact that remains. */
            contact_id: string;
            /** @description The contacts merged into it (they no longer exist). */
            merged_contact_ids: string[];
            contact: components["schemas"]["EventContact"];
        };
        CrmModeChangedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "crm.mode_changed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["CrmModeChangedData"];
        };
        CrmModeChangedData: {
            crm_mode: string;
            previous_crm_mode: string;
        };
        ArticleReadyEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "article.ready";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["ArticleReadyData"];
        };
        ArticleReadyData: {
            article_id: string;
        };
        ArticlePublishedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "article.published";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["ArticlePublishedData"];
        };
        ArticlePublishedData: {
            article_id: string;
            published_url: string | null;
        };
        ArticleGenerationFailedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "article.generation.failed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["ArticleGenerationFailedData"];
        };
        ArticleGenerationFailedData: {
            operation_id: string;
            topic_id: string | null;
            error: {
                code: string;
                message: string;
            };
        };
        StrategistReportReadyEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "strategist.report.ready";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["StrategistReportReadyData"];
        };
        StrategistReportReadyData: {
            report_id: string;
            /** @enum {string} */
            report_type: "daily" | "weekly";
        };
        StrategistTurnCompletedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "strategist.turn.completed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["StrategistTurnCompletedData"];
        };
        StrategistTurnCompletedData: {
            session_id: string;
            turn_id: string;
        };
        OperationCompletedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "operation.completed";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["OperationCompletedData"];
        };
        OperationCompletedData: {
            operation: components["schemas"]["Operation"];
        };
        ApiKeyExpiringEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "api_key.expiring";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["ApiKeyExpiringData"];
        };
        ApiKeyExpiringData: {
            key_id: string;
            integration_id: string;
            /** Format: date-time */
            expires_at: string;
            /** @description The notice threshold crossed (days before expiry). */
            threshold_days: number;
            days_left: number;
        };
        WebhookTestEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "webhook.test";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["WebhookTestData"];
        };
        WebhookTestData: {
            webhook_id: string;
            /** @enum {string} */
            message: "This is a test event.";
        };
        WebhookPausedEvent: {
            /** @description Event id; equals the Svc-Event-Id header, identical across retries. */
            id: string;
            /**
             * @description Equals the Svc-Event-Type header.
             * @enum {string}
             */
            type: "webhook.paused";
            /**
             * @description Event schema version.
             * @enum {string}
             */
            api_version: "2026-10-01";
            /**
             * Format: date-time
             * @description Event time, UTC.
             */
            created_at: string;
            /** @description true for production data; false for webhook.test and sandbox data. */
            livemode: boolean;
            data: components["schemas"]["WebhookPausedData"];
        };
        WebhookPausedData: {
            /** @description The subscription paused. */
            webhook_id: string;
            /**
             * @description failing: the platform paused it (its paused_reason).
             * @enum {string}
             */
            paused_reason: "failing";
            /**
             * Format: date-time
             * @description The first failed attempt of the unbroken run of failures.
             */
            failing_since: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Me */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Wallet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getDisclosures: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description ISO 8601 date-time with zone (Z or +hh:mm); strictly later. */
                created_after?: string;
                resource_type?: string;
                channel?: "api" | "webhook";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DisclosurePage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisclosurePage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebhookPage (no secrets) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description WebhookWithSecret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; a second DELETE answers 404 */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description Webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebhookWithSecret with the new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebhookTestResult: queued, goes out on the next delivery run */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooksByIdRecover: {
        parameters: {
            query?: {
                /** @description Seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRecoveryRequest"];
            };
        };
        responses: {
            /** @description Finished within wait */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description Queued or running */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: operation_in_progress, idempotency_conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "idempotency_conflict";
                    } & components["schemas"]["Problem"]) | components["schemas"]["RecoveryInProgressProblem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                state?: "pending" | "delivered" | "failed" | "dead";
                /** @description Deliveries of one event (its replays included). */
                event_id?: string;
                /** @description ISO 8601 date-time with zone (Z or +hh:mm); strictly later. */
                created_after?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebhookDeliveryPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postWebhooksByIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebhookDelivery: the new delivery */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getCards: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description Only cards with this ai_enabled. */
                ai_enabled?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CardPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postCards: {
        parameters: {
            query?: never;
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CardCreate"];
            };
        };
        responses: {
            /** @description Card */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getCardsByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Card */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteCardsByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchCardsByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CardUpdate"];
            };
        };
        responses: {
            /** @description Card */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversationsByIdCards: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CardSend"];
            };
        };
        responses: {
            /** @description Message (sender operator) with the card in cards */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getConversations: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description Channel type: api, website, messenger types, others. */
                channel?: string;
                /** @description open, handoff_pending, resolved, closed; the set may grow. */
                status?: string;
                mode?: "ai" | "operator";
                /** @description ISO 8601 date-time with zone (Z or +hh:mm); strictly later. */
                updated_after?: string;
                /** @description Accepted, no effect: conversations are never soft-deleted. */
                include_deleted?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ConversationPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationCreate"];
            };
        };
        responses: {
            /** @description Conversation (found or created) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getConversationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getConversationsByIdMessages: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description Accepted, no effect: messages are not deleted on this server. */
                include_deleted?: boolean;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description MessagePage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessagePage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversationsByIdMessages: {
        parameters: {
            query?: {
                /** @description Seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CustomerMessageCreate"];
            };
        };
        responses: {
            /** @description Replied within wait, or skipped (no operation, no charge) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerMessageAnswer"];
                };
            };
            /** @description Reply being prepared, or wait elapsed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerMessageAnswer"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended, insufficient_funds, spend_limit_reached */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "insufficient_funds" | "spend_limit_reached";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable, upstream_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"]) | components["schemas"]["CustomerMessageUpstreamProblem"];
                };
            };
        };
    };
    postConversationsByIdOperatorMessages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OperatorMessageCreate"];
            };
        };
        responses: {
            /** @description Message (sender operator) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversationsByIdTakeover: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Takeover"];
            };
        };
        responses: {
            /** @description Conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversationsByIdReturnToAi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postConversationsByIdClose: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conversation with its summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperationsById: {
        parameters: {
            query?: {
                /** @description Seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Operation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOperationsByIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation, canceled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getMeStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description IntegrationStatus */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationStatus"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeads: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description One canonical status; anything else is 422 at /status. */
                status?: "new" | "contacted" | "qualified" | "proposal" | "won" | "lost";
                /** @description false (default): non-archived leads only; true: archived only. */
                archived?: boolean;
                /** @description Inclusive: updated at or after. ISO 8601 date or date-time: a date is its day's start in UTC (2026-05-01 = 2026-05-01T00:00:00Z), a date-time without a zone is UTC (2026-05-01T10:00:00 = 2026-05-01T10:00:00Z); with a zone (Z or +hh:mm) it is that instant. Not with updated_after. */
                updated_since?: string;
                /** @description Strictly later. ISO 8601 date or date-time: a date is its day's start in UTC (2026-05-01 = 2026-05-01T00:00:00Z), a date-time without a zone is UTC (2026-05-01T10:00:00 = 2026-05-01T10:00:00Z); with a zone (Z or +hh:mm) it is that instant. Not with updated_since. */
                updated_after?: string;
                /** @description Exact source (channel) value. */
                source?: string;
                /** @description Leads are never deleted: true is 422 not_supported. */
                include_deleted?: false;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description LeadPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postLeads: {
        parameters: {
            query?: never;
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["LeadCreate"];
            };
        };
        responses: {
            /** @description Lead */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lead */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchLeadsById: {
        parameters: {
            query?: never;
            header: {
                /** @description The ETag of the version you read (the quoted version, for example "3"), or *. Missing: 428 precondition_required; another version: 412 precondition_failed. */
                "If-Match": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["LeadUpdate"];
            };
        };
        responses: {
            /** @description Lead */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: precondition_failed */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["PreconditionFailedProblem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: precondition_required */
            428: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "precondition_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postLeadsByIdScore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadScoreSet"];
            };
        };
        responses: {
            /** @description Lead */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lead"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadsByIdTasks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                status?: "open" | "completed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description LeadTaskPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadTaskPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postLeadsByIdTasks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadTaskCreate"];
            };
        };
        responses: {
            /** @description LeadTask */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadTask"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postLeadsByIdTasksByTaskIdComplete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description LeadTask */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadTask"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing, pii_transfer_not_allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing" | "pii_transfer_not_allowed";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getArticles: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description Only articles in this status. handed_off is 422 not_supported where the hand-off (Planned) does not answer; there approved finds handed-off articles too. */
                status?: "draft" | "review" | "approved" | "published" | "rejected" | "transferred" | "external" | "handed_off";
                /** @description Strictly later. ISO 8601 date or date-time: a date is its day's start in UTC (2026-05-01 = 2026-05-01T00:00:00Z), a date-time without a zone is UTC (2026-05-01T10:00:00 = 2026-05-01T10:00:00Z); with a zone (Z or +hh:mm) it is that instant. Undated articles never match. */
                updated_after?: string;
                /** @description Articles are not soft-deleted: true is 422 not_supported. */
                include_deleted?: false;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ArticlePage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArticlePage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getArticlesById: {
        parameters: {
            query?: {
                format?: "html" | "markdown" | "blocks";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Article */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    patchArticlesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleUpdate"];
            };
        };
        responses: {
            /** @description Article (format html) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postArticlesByIdApprove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Article (format html) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Article"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postArticlesByIdPublish: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PublishRequest"];
            };
        };
        responses: {
            /** @description Publication */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Publication"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getEditorialProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description EditorialProfile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditorialProfile"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    putEditorialProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EditorialProfileUpdate"];
            };
        };
        responses: {
            /** @description EditorialProfile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditorialProfile"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postArticlesGenerationJobs: {
        parameters: {
            query?: {
                /** @description Seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleGenerationRequest"];
            };
        };
        responses: {
            /** @description Finished within wait */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description Queued or running */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended, insufficient_funds, spend_limit_reached */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "insufficient_funds" | "spend_limit_reached";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: editorial_profile_required, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "editorial_profile_required" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getArticlesGenerationJobsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description GenerationJob */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationJob"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventBatch"];
            };
        };
        responses: {
            /** @description IngestResult */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestResult"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["EventBatchProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postOfflineConversions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfflineConversionBatch"];
            };
        };
        responses: {
            /** @description IngestResult */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestResult"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["OfflineConversionBatchProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsTimeseries: {
        parameters: {
            query: {
                metric: "visitors" | "page_views" | "conversations" | "ai_replies" | "handoffs" | "leads" | "qualified_leads" | "won_leads" | "revenue" | "ai_cost" | "conversion_rate";
                /** @description Weeks start on Monday; a first partial week or month starts at `from`. */
                interval?: "day" | "week" | "month";
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
                /** @description conversations and leads only: one channel (website, api, telegram, ...). */
                channel?: string;
                /** @description visitors, page_views, leads, won_leads, revenue, conversion_rate: one traffic source as "source / medium" (google / cpc, yandex.ru / referral, (direct) / (none)). */
                source?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Timeseries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Timeseries"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsFunnel: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Funnel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Funnel"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsTrafficSources: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
                /** @description Descending; ties by source. */
                sort?: "visitors" | "page_views" | "leads" | "won" | "revenue";
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TrafficSourcePage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrafficSourcePage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getAnalyticsVisibility: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VisibilityPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisibilityPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getDashboardsOverview: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
                /** @description Comma-separated subset of strategist, kpi, funnel, attention, ads, ai_assistants, popular_pages, clusters, data_trust, sitemap_health, status; all by default. An unknown name is 422 at /blocks. */
                blocks?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Overview"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getDashboardsPulse: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD, inclusive, in the account's time zone. Default: 30 days ending at `to`. After `to` is 422 at /from. */
                from?: string;
                /** @description Last day, inclusive. Default and upper bound: the last full day (yesterday in the account's time zone), or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to. */
                to?: string;
                /** @description Let the period end today, a partial day (and make today the default `to`): today's figures from events count every event stored before the read, those of conversations, messages and leads are rebuilt at most every 30 seconds, and data_as_of.partial_day names it. */
                include_today?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pulse */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pulse"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistReports: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                report_type?: "daily" | "weekly";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistReportPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistReportPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistReportsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistReport */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistReport"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistTopics: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description A topic state; expired honours the derived expiry. */
                status?: "proposed" | "approved" | "generating" | "generated" | "rejected" | "duplicate" | "expired";
                /** @description Deleted topics are not stored: true gives 422 not_supported. */
                include_deleted?: false;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistTopicPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTopicPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistTopicsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistTopic */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTopic"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistActions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
                /** @description An action state; expired honours the derived expiry. */
                status?: "proposed" | "confirmed" | "executed" | "failed" | "cancelled" | "expired";
                session_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistActionPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistActionPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistActionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistAction */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistAction"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistTopicsByIdApprove: {
        parameters: {
            query?: {
                /** @description With generate: seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StrategistTopicApprove"];
            };
        };
        responses: {
            /** @description StrategistTopicDecision without generate; OperationEnvelope with generate, finished within wait */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTopicDecision"] | components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description OperationEnvelope */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationEnvelope"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended, insufficient_funds, spend_limit_reached */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "insufficient_funds" | "spend_limit_reached";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, editorial_profile_required, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "editorial_profile_required" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistTopicsByIdReject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistTopicDecision */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTopicDecision"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistActionsByIdConfirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistAction */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistAction"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistActionsByIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistAction */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistAction"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_state, idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "invalid_state" | "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistSessions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistSessionPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistSessionPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StrategistSessionCreate"];
            };
        };
        responses: {
            /** @description StrategistSession */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistSession"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistSessionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistSession */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistSession"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    getStrategistSessionsByIdTurns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description next_cursor of the previous page; valid 24 hours, bound to the filters. */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StrategistTurnPage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTurnPage"];
                };
            };
            /** @description Problem: bad_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"];
                };
            };
        };
    };
    postStrategistSessionsByIdTurns: {
        parameters: {
            query?: {
                /** @description Seconds (0 to 20) to hold the answer until the operation finishes. */
                wait?: number;
            };
            header: {
                /** @description Retries with the same key and body return the first answer; kept 24 hours. */
                "Idempotency-Key": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StrategistTurnCreate"];
            };
        };
        responses: {
            /** @description Finished within wait */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTurnAnswer"];
                };
            };
            /** @description Being answered, or wait elapsed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StrategistTurnAnswer"];
                };
            };
            /** @description Problem: bad_request, idempotency_key_required */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "bad_request" | "idempotency_key_required";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: invalid_api_key, wrong_cell, integration_inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "invalid_api_key" | "integration_inactive";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WrongCellProblem"];
                };
            };
            /** @description Problem: wallet_suspended, insufficient_funds, spend_limit_reached */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "insufficient_funds" | "spend_limit_reached";
                    } & components["schemas"]["Problem"]) | components["schemas"]["WalletSuspendedProblem"];
                };
            };
            /** @description Problem: tenant_inactive, ip_not_allowed, feature_not_in_plan, scope_missing */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "tenant_inactive" | "ip_not_allowed" | "feature_not_in_plan" | "scope_missing";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "not_found";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: idempotency_conflict, operation_in_progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "idempotency_conflict" | "operation_in_progress";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "payload_too_large";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: validation_failed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ValidationFailedProblem"];
                };
            };
            /** @description Problem: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "rate_limited";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: internal_error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        /** @enum {unknown} */
                        code?: "internal_error";
                    } & components["schemas"]["Problem"];
                };
            };
            /** @description Problem: service_unavailable, upstream_unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": ({
                        /** @enum {unknown} */
                        code?: "service_unavailable";
                    } & components["schemas"]["Problem"]) | components["schemas"]["StrategistTurnUpstreamProblem"];
                };
            };
        };
    };
    conversationCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "conversation.created";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    conversationHandoffRequestedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "conversation.handoff_requested";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationHandoffRequestedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    conversationSummaryReadyEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "conversation.summary_ready";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationSummaryReadyEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    messageCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "message.created";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "lead.created";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "lead.updated";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadScoredEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "lead.scored";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadScoredEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadStatusChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "lead.status_changed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadStatusChangedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    leadActionRequestedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "lead.action_requested";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadActionRequestedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    taskCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "task.created";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskCreatedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    taskCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "task.completed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    contactMergedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "contact.merged";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactMergedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    crmModeChangedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "crm.mode_changed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CrmModeChangedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    articleReadyEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "article.ready";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleReadyEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    articlePublishedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "article.published";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticlePublishedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    articleGenerationFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "article.generation.failed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArticleGenerationFailedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    strategistReportReadyEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "strategist.report.ready";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StrategistReportReadyEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    strategistTurnCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "strategist.turn.completed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StrategistTurnCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    operationCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "operation.completed";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OperationCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiKeyExpiringEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "api_key.expiring";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyExpiringEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "webhook.test";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPausedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique event id, identical across retries: skip one already processed. */
                "Svc-Event-Id": string;
                /** @description The event type. */
                "Svc-Event-Type": "webhook.paused";
                /** @description `t=<unix seconds>,v1=<hex>`; two v1 values during a secret rotation. v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON. */
                "Svc-Signature": string;
                /** @description Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds, the t of Svc-Signature. */
                "webhook-timestamp": string;
                /** @description Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPausedEvent"];
            };
        };
        responses: {
            /** @description Received. Answer quickly; the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
