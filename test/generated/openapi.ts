// Made by `npm run openapi:export` (openapi-typescript) from the OpenAPI document. Do not edit.

export interface paths {
    "/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API keys, newest first: name, scopes, the first characters, last use, calls in 30 days (never the secret) */
        get: operations["apiKeys-list"];
        put?: never;
        /** Create an API key with scopes; the answer carries the secret (hs_live_…) this once only (audited) */
        post: operations["apiKeys-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an API key: 401 for it on every server from now on (audited) */
        post: operations["apiKeys-revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/api-keys/{id}/uses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The usage record of a key: calls per operation and minute (refused ones counted), newest first */
        get: operations["apiKeys-uses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log of admin actions, newest first; filter by entity, entity id, actor (e-mail or user id) and action prefix (X-Total-Count) */
        get: operations["audit-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every charge the shop made — order payments, subscription payments, wallet top-ups, cash on delivery and wallet-paid orders — with kind, status, amounts and gateway ids, newest first (X-Total-Count) */
        get: operations["payments-adminCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every coupon with its uses, what is left and the discount given */
        get: operations["adminCoupons-list"];
        put?: never;
        /** Create a coupon (audited) */
        post: operations["adminCoupons-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit a coupon (audited) */
        put: operations["adminCoupons-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupons/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a coupon being used (audited) */
        post: operations["adminCoupons-deactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/coupons/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The orders that used a coupon and the discount each got */
        get: operations["adminCoupons-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers, newest first; search by e-mail, name, username or mobile (X-Total-Count) */
        get: operations["admin-customers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One customer with the sections other domains add */
        get: operations["admin-customer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/reveal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Show a customer’s full mobile number, e-mail or one saved address (field address with addressId; the back office shows them masked): answered only with an access-log entry — who, whose, what, when, from which screen — that the customer sees too */
        post: operations["privacy-reveal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of a customer at once, on every server (their access tokens answer 401 from now on; audited) */
        post: operations["admin-signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dashboard figures (customers, catalogue; other domains add theirs) */
        get: operations["admin-dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dashboard/day": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The owner's morning for a date (default today, IST): the next day's forecast per slot, the run per rider, standing deliveries not placed and customers short, the wallet liability, revenue with cash on delivery counted once delivered */
        get: operations["admin-dashboardDay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dashboard/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue, orders and average order value per day (IST) over a range with the previous period; orders by status; slot fill for 7 days; top shakes; new customers; active subscribers */
        get: operations["admin-dashboardReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The day’s (or slot’s) orders for riders, by slot in route order: who has each, picked up, delivered or failed */
        get: operations["deliveries-day"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a delivery on the rider’s word (a stop locked after 5 wrong codes), with the cash collected (audited) */
        post: operations["deliveries-confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries/{id}/new-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new delivery code (unlocks a code locked after 5 wrong tries; the old code stops working; the customer sees the new one) (audited) */
        post: operations["deliveries-newCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries/{id}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a stop not yet out (a failed delivery, typically) to another date and slot; the customer is told (audited) */
        post: operations["deliveries-reschedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/deliveries/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign orders to a rider, or without riderId spread them by PIN code (the same PIN to the same rider); re-assigns a failed stop (audited) */
        post: operations["deliveries-assign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/delivery-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Slots, configuration, blackout dates and each day’s fill (booked/max) for the booking window */
        get: operations["delivery-admin-overview"];
        put?: never;
        /** Create a delivery slot */
        post: operations["delivery-admin-createSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/delivery-slots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a slot’s times, capacity, plan type, order, or disable it (existing bookings stay) */
        patch: operations["delivery-admin-updateSlot"];
        trace?: never;
    };
    "/admin/delivery-slots/blackout-dates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a whole day for deliveries, with a reason (or change the reason) */
        post: operations["delivery-admin-addBlackout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/delivery-slots/blackout-dates/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Reopen a blackout day */
        delete: operations["delivery-admin-removeBlackout"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/delivery-slots/pincodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All PIN codes on the delivery list, active or not */
        get: operations["delivery-admin-pincodes"];
        put?: never;
        /** Start delivering to a PIN code */
        post: operations["delivery-admin-addPincode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/delivery-slots/pincodes/{pincode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a PIN code from the delivery list */
        delete: operations["delivery-admin-removePincode"];
        options?: never;
        head?: never;
        /** Rename a PIN code’s area or switch it on/off */
        patch: operations["delivery-admin-updatePincode"];
        trace?: never;
    };
    "/admin/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, bottles and revenue per slot for the next days from tomorrow: standing deliveries plus one-off orders by the stated rule (the same weekday’s median of the last 4 weeks) */
        get: operations["admin-forecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a picture (JPEG, PNG or WebP, up to 5 MiB); it is re-encoded as WebP */
        post: operations["admin-images-upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ingredients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every ingredient, active or not; search by name, slug or category */
        get: operations["adminCatalogue-ingredients"];
        put?: never;
        /** Add an ingredient to the builder (audited) */
        post: operations["adminCatalogue-createIngredient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ingredients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change any fields of an ingredient: price, nutrition, in stock, active… (audited) */
        patch: operations["adminCatalogue-updateIngredient"];
        trace?: never;
    };
    "/admin/ingredients/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the display order of ingredients (ids, first to last; audited) */
        post: operations["adminCatalogue-reorderIngredients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Background job runs, newest first: by default those waiting, waiting to be tried again, running or failed (state=open); filter by state; with each schedule (cron, India time) and its last and next run (X-Total-Count) */
        get: operations["jobs-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Try a failed job run again (one more try; audited). 404 for an unknown id, 409 when the run is not failed */
        post: operations["jobs-retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What to blend by slot: signature shakes × bottles, custom recipes, ingredient totals, forecast and batches */
        get: operations["kitchen-day"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen-location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the riders start: the kitchen’s pin, the first point of every run’s route (the demo farm until set) */
        get: operations["delivery-admin-kitchenLocation"];
        /** Set the kitchen’s pin (a point in India); the riders’ routes start there from the next read (audited) */
        put: operations["delivery-admin-updateKitchenLocation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the batch of a slot: its confirmed orders move to preparing and their reserved stock is used (once) */
        post: operations["kitchen-startBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen/batches/{id}/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a batch ready for the riders (its ready time shows on the deliveries screen; once) */
        post: operations["kitchen-markReady"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen/batches/{id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a batch until it is ready: its orders go back to confirmed, the stock they used is given back (once) and held for them again, its labels are void */
        post: operations["kitchen-undoBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen/labels.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bottle labels of a slot as a PDF: A4 sheets of 50 × 25 mm labels, one per bottle, with a QR code of the order page */
        get: operations["admin-kitchen-labelsPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/kitchen/prep-sheet.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The prep sheet of a slot as a PDF: signature shakes × bottles, custom recipes, ingredient totals */
        get: operations["admin-kitchen-prepSheetPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, newest first: filter by status, payment status and method, delivery date, slot; search order number, e-mail, name or phone (X-Total-Count) */
        get: operations["adminOrders-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order with customer contact, payments and refunds */
        get: operations["adminOrders-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel with a reason: releases the slot, refunds an online payment in full (audited) */
        post: operations["adminOrders-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cash on delivery: the cash was collected (issues the tax invoice); audited */
        post: operations["adminOrders-markPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund all or part of the captured payment (never more than captured; the idempotency key makes a repeat the same refund); audited */
        post: operations["adminOrders-refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an order one step: confirmed → preparing → out_for_delivery → delivered (409 INVALID_STATE otherwise); audited, e-mails the customer on the way and on delivery */
        post: operations["adminOrders-setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The orders matching the order desk filters, as CSV (every page)
         * @description Takes the filters of GET /admin/orders (without page and pageSize). X-Total-Count is the number of rows.
         */
        get: operations["admin-orders-exportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a customer a password reset link (audited) */
        post: operations["admin-passwordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pricing settings as the next quote will use them */
        get: operations["adminCatalogue-pricing"];
        /** Builder sizes, delivery fee and threshold, GST, COD limit, points rates — applied to new quotes at once (audited) */
        put: operations["adminCatalogue-savePricing"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/privacy/grievances/{id}/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a grievance: it is closed and the answer goes to the person through their messages, once (a second answer is refused with 409); audited */
        post: operations["privacy-answerGrievance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/privacy/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Personal-data breaches recorded, newest first: who is affected and told, the 72-hour deadline for the Board and the report drafted for it */
        get: operations["privacy-incidents"];
        put?: never;
        /** Record a personal-data breach: what happened, which data, when it happened and was discovered, the likely impact, the measures, and who is affected (audited) */
        post: operations["privacy-recordIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/privacy/incidents/{id}/reported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the report was sent to the Data Protection Board (audited) */
        post: operations["privacy-incidentReported"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/privacy/incidents/{id}/tell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Tell each affected person not yet told, through their messages (inbox, e-mail, SMS): once per person, whatever the repeats (audited) */
        post: operations["privacy-tellIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/privacy/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The people’s data requests (exports, account deletions, unused accounts closed, grievances with what they wrote and the answer), newest first, with their state and the date each is due by */
        get: operations["privacy-requests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/purchase-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What to harvest at the farm or buy from each supplier, and by when: per ingredient and day from tomorrow, the forecast need by each recipe against on hand, reserved and par (also as .csv and .pdf) */
        get: operations["admin-purchasePlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/purchase-plan.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The harvest and purchase plan as CSV: one row per ingredient, quantities in its stock unit, the need of each day */
        get: operations["admin-purchasePlanCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/purchase-plan.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The harvest and purchase plan as a PDF: one list for the farm and one per supplier, what to get and by when */
        get: operations["admin-purchasePlanPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/refunds/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send again a refund the gateway finally refused (status failed), under its same idempotency key so it is never made twice; audited. 409 when it is pending or made */
        post: operations["payments-retryRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weekly cohorts by first order (IST weeks from Monday) with the customers still ordering 4, 8 and 12 weeks on, and why orders and plans were cancelled over the same weeks */
        get: operations["admin-retention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reviews of a shake including hidden ones */
        get: operations["reviews-adminForShake"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/reviews/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hide a review (hidden: true) or show it again (audited) */
        post: operations["reviews-setHidden"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers’ points balances, most first; search by e-mail or name (X-Total-Count) */
        get: operations["rewards-adminList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/rewards/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer’s points balance and ledger, newest first (X-Total-Count) */
        get: operations["rewards-adminLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/rewards/{userId}/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add (or, negative, take away) points with a reason; audited; never below zero (409 INSUFFICIENT_POINTS) */
        post: operations["rewards-adminAdjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/riders/cash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each rider’s cash for the day against their delivered cash-on-delivery orders */
        get: operations["deliveries-cash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every standing delivery with its customer; filter by status, slot, or customer e-mail or name (X-Total-Count) */
        get: operations["schedules-adminList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/schedules/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the cut-off places for a date (default tomorrow), per slot and shake: skips, vacations and day changes applied */
        get: operations["schedules-forecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/shakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every signature shake, active or not, in display order; search by name, slug or tag */
        get: operations["adminCatalogue-shakes"];
        put?: never;
        /** Add a signature shake (audited) */
        post: operations["adminCatalogue-createShake"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/shakes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change any fields of a shake: price, text, nutrition, active, in stock… (audited) */
        patch: operations["adminCatalogue-updateShake"];
        trace?: never;
    };
    "/admin/shakes/{shakeId}/recipe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What one bottle of a signature shake takes of each ingredient */
        get: operations["stock-recipe"];
        /** Set a signature shake’s recipe quantities per bottle (audited) */
        put: operations["stock-saveRecipe"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/shakes/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the display order of shakes (ids, first to last; audited) */
        post: operations["adminCatalogue-reorderShakes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team: role, access, invitation and last sign-in (owner only) */
        get: operations["staff-list"];
        put?: never;
        /** Invite someone by e-mail with a role: they get a link to set a password (owner only; audited) */
        post: operations["staff-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a staff member’s role, or disable / enable them: their sessions end on every server at once (owner only; audited) */
        patch: operations["staff-update"];
        trace?: never;
    };
    "/admin/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every ingredient: on hand, reserved, free, par level, days of cover */
        get: operations["stock-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/stock/{ingredientId}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One ingredient’s stock ledger, newest first */
        get: operations["stock-ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/stock/{ingredientId}/par-level": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set an ingredient’s par level (audited) */
        put: operations["stock-setParLevel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/stock/low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ingredients under their par level or sold out (the dashboard card) */
        get: operations["stock-low"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/stock/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record stock received (batch, best-before), wasted (reason) or counted (a stock-take); audited */
        post: operations["stock-recordMovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscription-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every plan, offered or not */
        get: operations["subscriptions-adminPlans"];
        put?: never;
        /** Create a plan (audited) */
        post: operations["subscriptions-adminCreatePlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscription-plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit or deactivate a plan (audited). Existing subscribers keep what they bought. */
        patch: operations["subscriptions-adminUpdatePlan"];
        trace?: never;
    };
    "/admin/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscriptions, filtered by plan, status, renewing soon (7 days) and customer */
        get: operations["subscriptions-adminList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subscription with its periods, payments and free units used */
        get: operations["subscriptions-adminDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel with a reason; runs to the end of the paid time (audited) */
        post: operations["subscriptions-adminCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Extend the paid time by some days (audited) */
        post: operations["subscriptions-adminExtend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause for 1–14 days (audited) */
        post: operations["subscriptions-adminPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund (part of) a paid subscription payment (audited; never more than was paid) */
        post: operations["subscriptions-adminRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused subscription (audited) */
        post: operations["subscriptions-adminResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Customers’ wallet balances, largest first; search by e-mail or name (X-Total-Count) */
        get: operations["wallet-adminList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/wallets/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer’s wallet balance and ledger, newest first (X-Total-Count) */
        get: operations["wallet-adminLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/wallets/{userId}/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add (or, negative, take away) money in paise with a reason; audited; never below zero (409 WALLET_INSUFFICIENT) */
        post: operations["wallet-adminAdjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook endpoints with their pending and failed deliveries, and the event types */
        get: operations["webhooks-list"];
        put?: never;
        /**
         * Register a webhook endpoint; the answer holds its signing secret, shown this once (audited)
         * @description The URL must be https in production and must not resolve to a loopback, private, link-local, multicast or unspecified address (checked again at every delivery). Each delivery is a POST of `{id, type, createdAt, data}` signed with the endpoint secret: headers `Hydro-Webhook-Id` (the event id, the same on every retry and on "send again": de-duplicate on it), `Hydro-Webhook-Event`, `Hydro-Webhook-Timestamp` (Unix seconds) and `Hydro-Webhook-Signature: v1=<hex HMAC-SHA256 of "{timestamp}.{raw body}">`. See docs/webhooks.md.
         */
        post: operations["webhooks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an endpoint: URL, description, events; active false disables it (audited) */
        patch: operations["webhooks-update"];
        trace?: never;
    };
    "/admin/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret; the new one is in the answer, shown this once, and the old one stops at once (audited) */
        post: operations["webhooks-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first: status, attempts, last error, response code; filter by endpoint and status (X-Total-Count) */
        get: operations["webhooks-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivered or failed event again, with the same event id and body (audited) */
        post: operations["webhooks-resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a staff invitation's link is for: the role, the shop, the invited e-mail and number, its first screen (the token in the body keeps it out of logs); an expired or used one says so and who to ask */
        post: operations["auth-invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the team: set the first password with the invitation's token and sign in; answers the role's first screen (landing) */
        post: operations["auth-acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user (validates an access token) */
        get: operations["auth-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/mobile/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add or change your mobile number: send a code to the new number */
        post: operations["auth-mobileRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/mobile/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the new number with its code; it becomes your verified number */
        post: operations["auth-mobileVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/otp/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a 6-digit sign-in code by SMS (the same answer for every number; 30 s between codes); return_to: the page to come back to (a path on this site, else ignored) */
        post: operations["auth-otpRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with the SMS code (3 tries, 5 minutes); a new number gets a new account (name asked next); return_to: the page the sign-in started from, or null */
        post: operations["auth-otpVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (current one required when set); other sessions end */
        post: operations["auth-changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change name, username or mobile; answers the user */
        patch: operations["auth-updateProfile"];
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token (bearer or body) for new tokens; the old one stops working */
        post: operations["auth-refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a reset link (through the mail outbox) */
        post: operations["auth-resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password-brevo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a reset link through Brevo (503 when Brevo is not configured: use /auth/reset-password) */
        post: operations["auth-resetPasswordBrevo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the e-mailed token; ends every session and signs in */
        post: operations["auth-completeReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password */
        post: operations["auth-signin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of the bearer token (and of refresh_token, when given) */
        post: operations["auth-signout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (email, password, username, name, mobile) */
        post: operations["auth-signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/supabase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a verified Supabase (Google) access token for the shop's tokens */
        post: operations["auth-supabase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an e-mail address with the token of its link (once, 24 hours) */
        post: operations["auth-verifyEmailConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a verification link: to your address again, or to a new address (it becomes yours when opened); 3 an hour */
        post: operations["auth-verifyEmailRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cart/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Price a cart from the database: lines, availability, price changes, free unit, delivery, GST, total */
        post: operations["cart-quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public client configuration (identity provider, payment mode) */
        get: operations["system-publicConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coupons/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a coupon code against a cart: the discount it gives, or why it is refused (code and message) */
        post: operations["cart-validateCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom-shakes/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Authoritative price, nutrition and problems of a custom shake recipe */
        post: operations["builder-quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/delivery-slots/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The next days (default 7) with their slots and free capacity */
        get: operations["delivery-available"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/delivery-slots/date/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Slots for a date and plan type, with bookings and whether each can still be booked */
        get: operations["delivery-slotsByDate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/delivery/pincodes/{pincode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Do we deliver to this PIN code? */
        get: operations["delivery-pincode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 while the process answers, even when the database is away (it is not asked) */
        get: operations["system-health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored picture (content-addressed, cached for a year) */
        get: operations["images-read"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingredients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active ingredients for the shake builder */
        get: operations["catalogue-ingredients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/whatsapp/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Meta's WhatsApp status webhook (called by Meta, not by integrators)
         * @description The raw body is checked against `X-Hub-Signature-256` (`sha256=` + HMAC-SHA256 with the app secret); a wrong or missing signature is a 401 and writes nothing. Each message status (sent, delivered, read, failed) is recorded only when it moves the message forward: a replay answers 200 with `recorded: 0`.
         */
        post: operations["notifications-whatsapp-webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place an order (send an Idempotency-Key header: the same key returns the same order)
         * @description One transaction: reprices the cart, checks the address PIN code, books the delivery slot and writes the order with an immutable price breakdown — or writes nothing. Online orders answer with `payment` (how to open Checkout) and expire after 30 minutes unpaid. Refusals: 409 SLOT_FULL / SLOT_CLOSED / OUT_OF_STOCK / PRICE_CHANGED / IDEMPOTENCY_MISMATCH, 400 NOT_SERVICEABLE / PAYMENT_METHOD_UNAVAILABLE.
         */
        post: operations["orders-place"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order (its owner or an admin; anyone else gets 404) */
        get: operations["orders-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an order while it is confirmed and until 2 hours before its slot; an online payment is refunded in full (409 INVALID_STATE says why not) */
        post: operations["orders-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/delivery-photo.webp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The proof-of-delivery photo, through the signed link an order answer gives (`deliveryPhoto.url`) */
        get: operations["orders-delivery-photo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The GST tax invoice of a paid or delivered order (JSON; the PDF is GET /api/orders/{id}/invoice.pdf); 409 before it is issued */
        get: operations["orders-invoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/invoice.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tax invoice of a delivered order, as a PDF file */
        get: operations["orders-invoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new payment attempt for an online order still waiting for payment */
        post: operations["payments-retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The order’s items at today’s prices, with those no longer available, to put back in the cart */
        get: operations["orders-reorder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signature shakes of my order and my review of each */
        get: operations["reviews-forOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer’s orders not yet delivered (nor cancelled), soonest slot first */
        get: operations["orders-active"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/test/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test payment mode only (no Razorpay keys): complete the payment with success or failure; 404 in Razorpay mode */
        post: operations["payments-testComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify Razorpay Checkout’s success callback (400 INVALID_SIGNATURE when the signature does not match; nothing is written) */
        post: operations["payments-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Razorpay's webhook (called by Razorpay, not by integrators)
         * @description The raw body is checked against `X-Razorpay-Signature` (HMAC-SHA256 with the webhook secret). Each event is applied once (by `X-Razorpay-Event-Id`); a repeat answers 200 with outcome `duplicate`.
         */
        post: operations["payments-webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public prices: builder sizes, delivery fee and thresholds, GST */
        get: operations["catalogue-pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/privacy/notice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The privacy notice (what is kept, why, for which service, how long), its version, the grievance officer and the answer time */
        get: operations["privacy-notice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key a browser subscribes to web push with (VAPID public key, URL-safe base64) */
        get: operations["notifications-pushPublicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when the database answers; 503 SERVICE_BUSY with Retry-After when it does not or the server is shutting down */
        get: operations["system-ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent reviews with words, for the home page */
        get: operations["reviews-latest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/ratings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Average rating and review count of every reviewed shake */
        get: operations["reviews-ratings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rider/orders/{id}/delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delivered, with the customer’s 4-digit code (and the cash collected for cash on delivery); 5 wrong codes lock the stop (an Idempotency-Key header makes a repeat answer as the first) */
        post: operations["rider-delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rider/orders/{id}/failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Could not deliver (not at home, address not found, refused): the order goes back to the manager (an Idempotency-Key header makes a repeat answer as the first) */
        post: operations["rider-failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rider/orders/{id}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Proof of delivery: the photo at the door (JPEG, PNG or WebP, up to 5 MiB; kept as WebP within 1280 px); a new one replaces it
         * @description Only the assigned rider, only for a stop out for delivery or delivered by them (else 404 / 409). The raw picture is the body; its type is read from the bytes. The answer carries a signed link to the stored photo, valid for an hour or two.
         */
        post: operations["rider-orders-photo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rider/orders/{id}/picked-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Picked up: the order is out for delivery and the customer’s page shows the delivery code (an Idempotency-Key header makes a repeat answer as the first) */
        post: operations["rider-pickedUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rider/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rider’s runs of a day (today by default): slots in order, stops in route order from the kitchen (pinned stops nearest first, then by PIN code) */
        get: operations["rider-runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shakes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One signature shake by id or slug, with its ingredients (hydroponic ones marked) */
        get: operations["catalogue-shake"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shakes/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Newest visible reviews of a shake (by id or slug) and its average */
        get: operations["reviews-forShake"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shakes/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active signature shakes, in display order */
        get: operations["catalogue-signatureShakes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/slot-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Booking horizon and cut-off (shoppers see "order at least 90 minutes ahead") */
        get: operations["delivery-config"];
        /** Set the booking horizon (days ahead) and the cut-off (minutes before a slot starts) */
        put: operations["delivery-admin-updateConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscription-payment/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start buying a plan (send an Idempotency-Key header): a gateway order for the plan’s price. Buying the plan you have queues its next period. */
        post: operations["subscriptions-createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscription-payment/test/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test payment mode only: complete a subscription payment with success or failure; 404 in Razorpay mode */
        post: operations["subscriptions-testComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscription-payment/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify Razorpay Checkout’s success callback for a subscription payment (400 INVALID_SIGNATURE when it does not match) */
        post: operations["subscriptions-verifyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscription-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans on offer (price, period, free units, rule, perks) */
        get: operations["subscriptions-plans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the account, confirmed with the password or a fresh sign-in code: open orders cancelled and refunded, standing deliveries ended, the wallet refunded once, the person told; sign-in ends and the e-mail and number are free at once; personal details erased by a job once nothing is left to deliver */
        post: operations["privacy-deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your saved delivery addresses, default first */
        get: operations["addresses-list"];
        put?: never;
        /** Save an address (up to 10; the first one becomes the default) */
        post: operations["addresses-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/addresses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an address */
        delete: operations["addresses-remove"];
        options?: never;
        head?: never;
        /** Change an address or make it the default */
        patch: operations["addresses-update"];
        trace?: never;
    };
    "/user/autopay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The AutoPay mandate (status, maximum, bank or app), the wallet auto-recharge setting and recent debits */
        get: operations["autopay-get"];
        put?: never;
        post?: never;
        /** Cancel AutoPay: the mandate is revoked at the gateway (NPCI), then no debit is ever made on it */
        delete: operations["autopay-revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/debits/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an announced AutoPay debit before it is made (the pre-debit notice’s Cancel); 409 once made */
        post: operations["autopay-cancelDebit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/mandate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start UPI AutoPay: the authorisation order for a mandate up to maxAmount (≤ ₹15,000 a debit, as presented, 10 years); Idempotency-Key header required — one key makes one gateway order however many requests race */
        post: operations["autopay-start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/mandate/test/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test payment mode only: authorise (or decline) the AutoPay mandate; 404 in Razorpay mode */
        post: operations["autopay-testComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/mandate/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checkout’s callback after the authorisation payment (signature checked): the mandate becomes active with its token */
        post: operations["autopay-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause AutoPay (no debits; those announced are cancelled) or resume it */
        post: operations["autopay-pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/autopay/test/debits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test payment mode only: what the simulated bank answers to the mandate’s next debits (success, failure, decline_later); 404 in Razorpay mode */
        post: operations["autopay-testDebits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer's cart, kept on the server, with today's prices */
        get: operations["cart-get"];
        /** Replace the signed-in customer's server cart */
        put: operations["cart-put"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/cart/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge a local cart into the server cart on sign-in (same line: quantities added, at most 20) */
        post: operations["cart-merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person’s consents (account, whatsapp, marketing): state, notice version, time and channel, and every change */
        get: operations["privacy-consents"];
        /** Give or withdraw consents on the current notice version (whatsapp, marketing; account: true only — withdrawn by deleting the account); effective at once */
        put: operations["privacy-updateConsents"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/custom-shakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My shakes: saved custom recipes with today's price */
        get: operations["builder-saved"];
        put?: never;
        /** Save a custom recipe (saving the same recipe again renames it) */
        post: operations["builder-save"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/custom-shakes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a saved recipe */
        delete: operations["builder-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/data-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who at the shop opened the signed-in person’s personal data (their number or e-mail), when and from which screen; the last 50 times */
        get: operations["privacy-dataAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/data-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person’s data export: none, queued, ready (downloadPath: a ZIP of JSON files, one per table, with a README, offered 24 hours) or expired */
        get: operations["privacy-dataExport"];
        put?: never;
        /** Ask for a data export: built by a job, the person is told when it is ready (one at a time, 3 a day; 429 with Retry-After past that) */
        post: operations["privacy-requestDataExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery calendar (default 30 days from today): each schedule once with its items and price, then each day’s state per schedule (planned, skipped, vacation, fixed, placed → its order, not_placed → the reason) with items and price only where the day differs */
        get: operations["schedules-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/deliveries/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** That date’s items for one schedule (changed quantities, a one-off extra; null: back to the schedule’s own); answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off */
        put: operations["schedules-putDay"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/deliveries/{date}/instructions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** A drop-off note for the rider (“leave with security”, “ring twice”, at most 200 characters; empty: none) for that date’s deliveries, or with everyDay for every day of a schedule; answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off */
        put: operations["schedules-putInstructions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/deliveries/{date}/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Skip a date’s delivery (one schedule, or all of that date); answers that date’s calendar; 409 DELIVERY_FIXED after the cut-off (21:00 the evening before) */
        post: operations["schedules-skip"];
        /** Take a skip back; answers that date’s calendar (409 DELIVERY_FIXED after the cut-off) */
        delete: operations["schedules-unskip"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My favourite signature shakes */
        get: operations["favorites-list"];
        put?: never;
        /** Add a signature shake to my favourites (idempotent) */
        post: operations["favorites-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/favorites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a favourite (by the favourite id or the shake id) */
        delete: operations["favorites-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything the shop told the signed-in person, newest first (page from 1, pageSize 1–50, default 20; total in X-Total-Count), each message with its deliveries: channel, masked address, status (queued, sent, delivered, read, failed, logged) */
        get: operations["notifications-messages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark messages read: { "ids": [1, 2] } (only the person’s own) or { "all": true }; answers how many were marked and the unread count left */
        post: operations["notifications-markRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/messages/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many of the signed-in person’s messages are unread (the header’s badge) */
        get: operations["notifications-unread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the customer hears about their orders */
        get: operations["notifications-preferences"];
        /** Per kind of message, switch e-mail, WhatsApp or SMS; opt in to WhatsApp (needs a verified mobile) */
        put: operations["notifications-updatePreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer’s orders, newest first (page from 1, pageSize 1–50, default 10); total in X-Total-Count */
        get: operations["orders-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/privacy/grievances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person’s complaints to the grievance officer, newest first: open (with the date the answer is due by), answered (with the answer) or closed */
        get: operations["privacy-grievances"];
        put?: never;
        /** Complain to the grievance officer about how the shop handles your personal data (subject, details): acknowledged through your messages with the date it is answered by (5 a day; 429 with Retry-After past that) */
        post: operations["privacy-askGrievance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer's profile */
        get: operations["users-profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change name, username or mobile (other fields are ignored) */
        patch: operations["users-updateProfile"];
        trace?: never;
    };
    "/user/push-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The browsers and phones that show the signed-in person’s messages as notifications */
        get: operations["notifications-pushSubscriptions"];
        put?: never;
        /** Show the person’s messages as notifications on this browser: the browser’s PushSubscription (endpoint, keys.p256dh, keys.auth); subscribing the same endpoint again updates it */
        post: operations["notifications-subscribePush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/push-subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** No more notifications on that browser (only the person’s own) */
        delete: operations["notifications-unsubscribePush"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Review a shake from my delivered order (once per shake) */
        post: operations["reviews-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer’s reward points: balance, what the next order can redeem, the earning rules and the ledger (newest first, paged; total in X-Total-Count) */
        get: operations["rewards-mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer’s standing deliveries, each with its items priced today and its next delivery date */
        get: operations["schedules-list"];
        put?: never;
        /** Set up a standing delivery: items (signature shakes or saved custom shakes, 1–5 each), days, slot, address, start and optional end date (409 DELIVERY_FIXED when the start date is past its cut-off) */
        post: operations["schedules-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a schedule (orders it placed stay; a day already fixed is still placed): from `effectiveFrom` it delivers nothing */
        delete: operations["schedules-remove"];
        options?: never;
        head?: never;
        /** Change a schedule (items, days, slot, address, dates) or pause, resume or end it (status); days already fixed keep what they were fixed as: the change applies from `effectiveFrom` */
        patch: operations["schedules-update"];
        trace?: never;
    };
    "/user/subscription-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** hasActiveSubscription, plan, status, period end, remaining free units */
        get: operations["subscriptions-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscription/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Free units in the running period: period start and end, allowed, used, remaining */
        get: operations["subscriptions-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer’s subscriptions, newest first */
        get: operations["subscriptions-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions/{id}/auto-renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch automatic renewal on or off */
        post: operations["subscriptions-autoRenew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel with a reason: benefits continue to the end of the paid time, nothing renews */
        post: operations["subscriptions-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause for 1–14 days, once per period (the period end moves by the pause) */
        post: operations["subscriptions-pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions/{id}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay for the next period (send an Idempotency-Key header); it starts at the current end, or now when it has ended */
        post: operations["subscriptions-renew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused subscription early (unused pause days come off the period end) */
        post: operations["subscriptions-resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/vacations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A vacation: every schedule pauses from one date to another (409 DELIVERY_FIXED when the first date is past its cut-off) */
        post: operations["schedules-addVacation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/vacations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a vacation (one under way ends with the last fixed date) */
        delete: operations["schedules-removeVacation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer’s wallet: balance, what a balance refund would return, top-up limits and the ledger (newest first, paged; X-Total-Count) */
        get: operations["wallet-mine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet/auto-recharge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Wallet auto-recharge through AutoPay: below threshold (paise) add amount (paise), announced 24 hours ahead; or { off: true } */
        put: operations["autopay-autoRecharge"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund my balance: what came from top-ups goes back to those payments, newest first, through the refund outbox (send an Idempotency-Key header) */
        post: operations["wallet-refundBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet/top-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a top-up of ₹200–₹20,000 (amount in paise; send an Idempotency-Key header): a gateway order for that amount */
        post: operations["wallet-topUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet/top-up/test/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Test payment mode only: complete a top-up with success or failure; 404 in Razorpay mode */
        post: operations["wallet-testCompleteTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/wallet/top-up/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Checkout’s success callback for a top-up: the signature is checked and the wallet credited once (400 on a bad signature) */
        post: operations["wallet-verifyTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The shop's answer to every refused or failed request, whatever its status. */
        Error: {
            /**
             * @description The shop's machine code:
             *
             *     - `BAD_REQUEST` (400): The request cannot be read: not valid JSON, a bad header, or a value the operation refuses.
             *     - `VALIDATION_FAILED` (400): An input field is missing or not valid; `fieldErrors` names it.
             *     - `UNAUTHORIZED` (401): No access token, or one that is expired, revoked or not valid: sign in (or refresh) and retry.
             *     - `INVALID_CREDENTIALS` (401): The e-mail address and password do not match an account.
             *     - `INVALID_TOKEN` (401): The refresh, reset or exchange token is unknown, used or expired.
             *     - `ACCOUNT_DISABLED` (403): The account is disabled.
             *     - `RESET_TOKEN_INVALID` (400): The password reset link is unknown, used or expired.
             *     - `INVITATION_INVALID` (400): The staff invitation link is unknown, already used or expired; the message says which, and who to ask.
             *     - `WEAK_PASSWORD` (400): The new password is too short, too common or too long.
             *     - `OTP_INVALID` (400): The one-time code is wrong, expired or already used (the message says which and how many tries are left).
             *     - `OTP_LOCKED` (429): Three wrong codes: this code is locked; ask for a new one after Retry-After seconds.
             *     - `MOBILE_TAKEN` (409): The mobile number is verified on another account.
             *     - `EMAIL_LINK_INVALID` (400): The e-mail verification link is unknown, used, expired or for an older address.
             *     - `FORBIDDEN` (403): Signed in, but your role (or the API key’s scopes) does not allow this operation.
             *     - `NOT_FOUND` (404): No such item (or it belongs to someone else), or no operation at this path.
             *     - `CONFLICT` (409): The request conflicts with the current state of the item.
             *     - `EMAIL_TAKEN` (409): Another account uses this e-mail address.
             *     - `USERNAME_TAKEN` (409): Another account uses this username.
             *     - `SLOT_FULL` (409): The delivery slot has no room left on that date.
             *     - `SLOT_CLOSED` (409): The delivery slot no longer takes orders for that date.
             *     - `COUPON_EXHAUSTED` (409): The coupon has been used as often as it may be.
             *     - `COUPON_INVALID` (400): The coupon is unknown, expired or does not apply to this cart.
             *     - `COUPON_UNKNOWN` (409): No coupon has this code.
             *     - `COUPON_INACTIVE` (409): The coupon has been switched off.
             *     - `COUPON_NOT_YET_VALID` (409): The coupon starts on a later day (Asia/Kolkata).
             *     - `COUPON_EXPIRED` (409): The coupon ended on an earlier day (Asia/Kolkata).
             *     - `COUPON_FIRST_ORDER_ONLY` (409): The coupon is for a first order only.
             *     - `COUPON_ALREADY_USED` (409): This customer has used the coupon as often as one customer may.
             *     - `COUPON_NOT_APPLICABLE` (409): The coupon does not apply to the items in this cart.
             *     - `COUPON_MINIMUM_NOT_MET` (409): The cart's subtotal is below the coupon's minimum (the message says how much more is needed).
             *     - `IDEMPOTENCY_MISMATCH` (409): The Idempotency-Key was used before for a different request.
             *     - `INVALID_STATE` (409): The item is not in a state that allows this (e.g. cancelling a delivered order).
             *     - `DELIVERY_FIXED` (409): A standing delivery’s date is past its cut-off (21:00 Asia/Kolkata the evening before, configurable): it can no longer be skipped or changed.
             *     - `OUT_OF_STOCK` (409): An item or ingredient is not available.
             *     - `NOT_SERVICEABLE` (400): The shop does not deliver to this PIN code.
             *     - `ADDRESS_LIMIT` (409): The address book is full.
             *     - `PAYMENT_FAILED` (400): The payment was not completed.
             *     - `INVALID_SIGNATURE` (400): A payment or webhook signature does not match.
             *     - `PRICE_CHANGED` (409): A price changed since the cart was shown: quote again and confirm.
             *     - `PAYMENT_METHOD_UNAVAILABLE` (400): That payment method cannot be used for this order.
             *     - `INSUFFICIENT_POINTS` (409): Not enough reward points.
             *     - `WALLET_INSUFFICIENT` (409): The wallet balance does not cover the amount (an order paid from the wallet, or an adjustment taking money away).
             *     - `PAYLOAD_TOO_LARGE` (413): The request body is larger than 1 MiB.
             *     - `RATE_LIMITED` (429): Too many attempts: wait the Retry-After seconds.
             *     - `UNSUPPORTED_MEDIA_TYPE` (415): A request with a body must send it as application/json.
             *     - `GATEWAY_ERROR` (502): The payment provider did not answer as expected.
             *     - `UNAVAILABLE` (503): A service the shop needs is not available or not configured: retry later.
             *     - `SERVICE_BUSY` (503): The shop is busy or its database is away: retry after the Retry-After seconds.
             *     - `INTERNAL` (500): Something went wrong on our side (a bug: report the requestId).
             *     - `PARSE_ERROR` (400): The HTTP status 400 as the API libraries name it.
             *     - `PAYMENT_REQUIRED` (402): The HTTP status 402 as the API libraries name it.
             *     - `METHOD_NOT_SUPPORTED` (405): The HTTP status 405 as the API libraries name it.
             *     - `TIMEOUT` (408): The HTTP status 408 as the API libraries name it.
             *     - `PRECONDITION_FAILED` (412): The HTTP status 412 as the API libraries name it.
             *     - `UNPROCESSABLE_CONTENT` (422): The HTTP status 422 as the API libraries name it.
             *     - `PRECONDITION_REQUIRED` (428): The HTTP status 428 as the API libraries name it.
             *     - `TOO_MANY_REQUESTS` (429): The HTTP status 429 as the API libraries name it.
             *     - `CLIENT_CLOSED_REQUEST` (499): The HTTP status 499 as the API libraries name it.
             * @enum {string}
             */
            code: "BAD_REQUEST" | "VALIDATION_FAILED" | "UNAUTHORIZED" | "INVALID_CREDENTIALS" | "INVALID_TOKEN" | "ACCOUNT_DISABLED" | "RESET_TOKEN_INVALID" | "INVITATION_INVALID" | "WEAK_PASSWORD" | "OTP_INVALID" | "OTP_LOCKED" | "MOBILE_TAKEN" | "EMAIL_LINK_INVALID" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "EMAIL_TAKEN" | "USERNAME_TAKEN" | "SLOT_FULL" | "SLOT_CLOSED" | "COUPON_EXHAUSTED" | "COUPON_INVALID" | "COUPON_UNKNOWN" | "COUPON_INACTIVE" | "COUPON_NOT_YET_VALID" | "COUPON_EXPIRED" | "COUPON_FIRST_ORDER_ONLY" | "COUPON_ALREADY_USED" | "COUPON_NOT_APPLICABLE" | "COUPON_MINIMUM_NOT_MET" | "IDEMPOTENCY_MISMATCH" | "INVALID_STATE" | "DELIVERY_FIXED" | "OUT_OF_STOCK" | "NOT_SERVICEABLE" | "ADDRESS_LIMIT" | "PAYMENT_FAILED" | "INVALID_SIGNATURE" | "PRICE_CHANGED" | "PAYMENT_METHOD_UNAVAILABLE" | "INSUFFICIENT_POINTS" | "WALLET_INSUFFICIENT" | "PAYLOAD_TOO_LARGE" | "RATE_LIMITED" | "UNSUPPORTED_MEDIA_TYPE" | "GATEWAY_ERROR" | "UNAVAILABLE" | "SERVICE_BUSY" | "INTERNAL" | "PARSE_ERROR" | "PAYMENT_REQUIRED" | "METHOD_NOT_SUPPORTED" | "TIMEOUT" | "PRECONDITION_FAILED" | "UNPROCESSABLE_CONTENT" | "PRECONDITION_REQUIRED" | "TOO_MANY_REQUESTS" | "CLIENT_CLOSED_REQUEST";
            /** @description Field → messages, when a field is at fault (nested fields are named by their top-level key) */
            fieldErrors?: {
                [key: string]: string[];
            };
            /**
             * @description A sentence for a person
             * @example lines.0.quantity: Too small: expected number to be >=1
             */
            message: string;
            /** @description Equals the X-Request-Id header of this answer; quote it when reporting a problem */
            requestId: string;
        };
    };
    responses: {
        /** @description The payment provider did not answer as expected. */
        BadGateway: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is not valid: bad JSON, JSON nested deeper than 32 levels, a refused header, or a field (named in `fieldErrors`). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state (slot full, coupon used up, order no longer cancellable…). */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in, but not allowed (administrators only, or a disabled account). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The item named does not exist or is not yours. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request line and headers are larger than 16 KiB (usually a very long query string); code `BAD_REQUEST`. */
        RequestHeaderFieldsTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The shop is busy or its database is away; retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many attempts; wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No access token, or one that is expired, revoked or not valid (or, on sign-in, wrong credentials). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A body was sent that is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again */
        "Retry-After": number;
        /** @description The id of this request (sent back when the client gave a valid one) */
        "X-Request-Id": string;
        /** @description How many items match in all (the answer holds one page) */
        "X-Total-Count": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "apiKeys-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            createdAt: string;
                            createdBy: string | null;
                            displayPrefix: string;
                            /** Format: uuid */
                            id: string;
                            lastUsedAt: string | null;
                            lastUsedIp: string | null;
                            name: string;
                            revokedAt: string | null;
                            scopes: ("catalogue:read" | "catalogue:write" | "orders:read" | "orders:write" | "customers:read" | "delivery:read" | "subscriptions:read")[];
                            uses30d: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "apiKeys-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("catalogue:read" | "catalogue:write" | "orders:read" | "orders:write" | "customers:read" | "delivery:read" | "subscriptions:read")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: {
                            createdAt: string;
                            createdBy: string | null;
                            displayPrefix: string;
                            /** Format: uuid */
                            id: string;
                            lastUsedAt: string | null;
                            lastUsedIp: string | null;
                            name: string;
                            revokedAt: string | null;
                            scopes: ("catalogue:read" | "catalogue:write" | "orders:read" | "orders:write" | "customers:read" | "delivery:read" | "subscriptions:read")[];
                            uses30d: number;
                        };
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "apiKeys-revoke": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        createdBy: string | null;
                        displayPrefix: string;
                        /** Format: uuid */
                        id: string;
                        lastUsedAt: string | null;
                        lastUsedIp: string | null;
                        name: string;
                        revokedAt: string | null;
                        scopes: ("catalogue:read" | "catalogue:write" | "orders:read" | "orders:write" | "customers:read" | "delivery:read" | "subscriptions:read")[];
                        uses30d: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "apiKeys-uses": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uses: {
                            count: number;
                            lastIp: string | null;
                            minute: string;
                            operation: string;
                            refused: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "audit-list": {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                entity?: string;
                entityId?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entities: string[];
                        entries: {
                            action: string;
                            actorEmail: string | null;
                            actorId: string | null;
                            after: unknown;
                            at: string;
                            before: unknown;
                            entity: string;
                            entityId: string | null;
                            id: number;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-adminCharges": {
        parameters: {
            query?: {
                kind?: "order" | "subscription" | "wallet_topup" | "autopay_debit";
                page?: number;
                pageSize?: number;
                status?: "pending" | "paid" | "failed" | "refunded" | "abandoned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        charges: {
                            amount: number;
                            captured: number;
                            createdAt: string;
                            customerEmail: string | null;
                            /** Format: uuid */
                            customerId: string;
                            gatewayOrderId: string | null;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "order" | "subscription" | "wallet_topup" | "autopay_debit";
                            method: string | null;
                            orderId: string | null;
                            provider: string;
                            refunded: number;
                            /** @enum {string} */
                            status: "pending" | "paid" | "failed" | "refunded" | "abandoned";
                            subscriptionId: string | null;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCoupons-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coupons: {
                            active: boolean;
                            /** @enum {string} */
                            appliesTo: "all" | "signature" | "custom";
                            code: string;
                            description: string;
                            discountGiven: number;
                            firstOrderOnly: boolean;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "percent" | "flat";
                            maxDiscount: number | null;
                            minSubtotal: number;
                            perCustomerLimit: number | null;
                            remaining: number | null;
                            summary: string;
                            updatedAt: string;
                            usageLimit: number | null;
                            uses: number;
                            validFrom: string | null;
                            validTo: string | null;
                            value: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCoupons-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    /** @enum {string} */
                    appliesTo: "all" | "signature" | "custom";
                    code: string;
                    description: string;
                    firstOrderOnly: boolean;
                    /** @enum {string} */
                    kind: "percent" | "flat";
                    maxDiscount: number | null;
                    minSubtotal: number;
                    perCustomerLimit: number | null;
                    usageLimit: number | null;
                    validFrom: string | null;
                    validTo: string | null;
                    value: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        appliesTo: "all" | "signature" | "custom";
                        code: string;
                        description: string;
                        discountGiven: number;
                        firstOrderOnly: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        kind: "percent" | "flat";
                        maxDiscount: number | null;
                        minSubtotal: number;
                        perCustomerLimit: number | null;
                        remaining: number | null;
                        summary: string;
                        updatedAt: string;
                        usageLimit: number | null;
                        uses: number;
                        validFrom: string | null;
                        validTo: string | null;
                        value: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCoupons-update": {
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
                "application/json": {
                    coupon: {
                        active: boolean;
                        /** @enum {string} */
                        appliesTo: "all" | "signature" | "custom";
                        code: string;
                        description: string;
                        firstOrderOnly: boolean;
                        /** @enum {string} */
                        kind: "percent" | "flat";
                        maxDiscount: number | null;
                        minSubtotal: number;
                        perCustomerLimit: number | null;
                        usageLimit: number | null;
                        validFrom: string | null;
                        validTo: string | null;
                        value: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        appliesTo: "all" | "signature" | "custom";
                        code: string;
                        description: string;
                        discountGiven: number;
                        firstOrderOnly: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        kind: "percent" | "flat";
                        maxDiscount: number | null;
                        minSubtotal: number;
                        perCustomerLimit: number | null;
                        remaining: number | null;
                        summary: string;
                        updatedAt: string;
                        usageLimit: number | null;
                        uses: number;
                        validFrom: string | null;
                        validTo: string | null;
                        value: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCoupons-deactivate": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        appliesTo: "all" | "signature" | "custom";
                        code: string;
                        description: string;
                        discountGiven: number;
                        firstOrderOnly: boolean;
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        kind: "percent" | "flat";
                        maxDiscount: number | null;
                        minSubtotal: number;
                        perCustomerLimit: number | null;
                        remaining: number | null;
                        summary: string;
                        updatedAt: string;
                        usageLimit: number | null;
                        uses: number;
                        validFrom: string | null;
                        validTo: string | null;
                        value: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCoupons-usage": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coupon: {
                            active: boolean;
                            /** @enum {string} */
                            appliesTo: "all" | "signature" | "custom";
                            code: string;
                            description: string;
                            discountGiven: number;
                            firstOrderOnly: boolean;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "percent" | "flat";
                            maxDiscount: number | null;
                            minSubtotal: number;
                            perCustomerLimit: number | null;
                            remaining: number | null;
                            summary: string;
                            updatedAt: string;
                            usageLimit: number | null;
                            uses: number;
                            validFrom: string | null;
                            validTo: string | null;
                            value: number;
                        };
                        uses: {
                            at: string;
                            customerEmail: string;
                            discount: number;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            released: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-customers": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                role?: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customers: {
                            created_at: string;
                            disabled: boolean;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            last_active_at: string | null;
                            mobile: string | null;
                            name: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            username: string | null;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-customer": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer: {
                            active_sessions: number;
                            created_at: string;
                            disabled: boolean;
                            email: string;
                            email_verified: boolean;
                            has_password: boolean;
                            id: string;
                            last_active_at: string | null;
                            mobile: string | null;
                            name: string;
                            providers: string[];
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            username: string | null;
                        };
                        sections: {
                            key: string;
                            rows: {
                                href?: string;
                                label: string;
                                reveal?: {
                                    addressId: string;
                                    /** @constant */
                                    field: "address";
                                };
                                value: string;
                            }[];
                            title: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-reveal": {
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
                "application/json": {
                    /** Format: uuid */
                    addressId?: string;
                    /** @enum {string} */
                    field: "mobile" | "email" | "address";
                    /** @default admin/customers */
                    screen?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        value: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-signOutEverywhere": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        sessionsEnded: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            customers: number;
                            ingredients: number;
                            shakes: number;
                        };
                        generatedAt: string;
                        metrics: {
                            /** @enum {string} */
                            format: "count" | "paise" | "percent";
                            hint?: string;
                            key: string;
                            label: string;
                            value: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-dashboardDay": {
        parameters: {
            query?: {
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        forecast: {
                            date: string;
                            slots: {
                                endTime: string;
                                oneOff: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                oneOffBooked: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                slotId: string;
                                standing: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                startTime: string;
                                total: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                            }[];
                            total: {
                                bottles: number;
                                orders: number;
                                revenue: number;
                            };
                        };
                        generatedAt: string;
                        revenue: {
                            cashAwaiting: number;
                            cashAwaitingOrders: number;
                            counted: number;
                            orders: number;
                        };
                        rule: string;
                        run: {
                            assigned: number;
                            cashCollected: number;
                            cashDue: number;
                            delivered: number;
                            failed: number;
                            name: string;
                            out: number;
                            riderId: string | null;
                        }[];
                        standing: {
                            activeCustomers: number;
                            activeSchedules: number;
                            notPlaced: {
                                customer: string;
                                customerId: string;
                                date: string;
                                reason: string;
                                reasonCode: string;
                            }[];
                            short: {
                                balance: number;
                                customer: string;
                                customerId: string;
                                needed: number;
                            }[];
                        };
                        tomorrow: string;
                        wallet: {
                            liability: number;
                            wallets: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-dashboardReport": {
        parameters: {
            query?: {
                range?: "today" | "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeSubscribers: number;
                        catalogue: {
                            ingredients: number;
                            shakes: number;
                        };
                        customers: number;
                        days: {
                            aov: number;
                            /** Format: date */
                            date: string;
                            newCustomers: number;
                            orderRevenue: number;
                            orders: number;
                            revenue: number;
                            subscriptionRevenue: number;
                        }[];
                        /** Format: date */
                        from: string;
                        generatedAt: string;
                        ordersByStatus: {
                            count: number;
                            label: string;
                            status: string;
                        }[];
                        previous: {
                            aov: number;
                            newCustomers: number;
                            orderRevenue: number;
                            orders: number;
                            revenue: number;
                            subscriptionRevenue: number;
                        };
                        /** Format: date */
                        previousFrom: string;
                        /** Format: date */
                        previousTo: string;
                        /** @enum {string} */
                        range: "today" | "7d" | "30d" | "90d";
                        slotFill: {
                            blackout: boolean;
                            booked: number;
                            capacity: number;
                            /** Format: date */
                            date: string;
                        }[];
                        /** Format: date */
                        to: string;
                        topShakes: {
                            id: string;
                            name: string;
                            quantity: number;
                            revenue: number;
                        }[];
                        totals: {
                            aov: number;
                            newCustomers: number;
                            orderRevenue: number;
                            orders: number;
                            revenue: number;
                            subscriptionRevenue: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-day": {
        parameters: {
            query: {
                date: string;
                slotId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        riders: {
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                        }[];
                        slots: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            label: string;
                            startTime: string;
                        }[];
                        stops: {
                            area: string;
                            codDue: number | null;
                            customerFirstName: string;
                            deliveredAt: string | null;
                            failedAt: string | null;
                            failNote: string | null;
                            failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                            instructions: string | null;
                            itemCount: number;
                            locked: boolean;
                            number: string;
                            /** Format: uuid */
                            orderId: string;
                            paymentLabel: string;
                            pickedUpAt: string | null;
                            pincode: string;
                            readyAt: string | null;
                            riderId: string | null;
                            riderName: string | null;
                            slot: {
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                label: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            statusLabel: string;
                            total: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-confirm": {
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
                "application/json": {
                    cashCollected?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string;
                        codDue: number | null;
                        customerFirstName: string;
                        deliveredAt: string | null;
                        failedAt: string | null;
                        failNote: string | null;
                        failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                        instructions: string | null;
                        itemCount: number;
                        locked: boolean;
                        number: string;
                        /** Format: uuid */
                        orderId: string;
                        paymentLabel: string;
                        pickedUpAt: string | null;
                        pincode: string;
                        readyAt: string | null;
                        riderId: string | null;
                        riderName: string | null;
                        slot: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            label: string;
                            startTime: string;
                        };
                        /** @enum {string} */
                        status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        statusLabel: string;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-newCode": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string;
                        codDue: number | null;
                        customerFirstName: string;
                        deliveredAt: string | null;
                        failedAt: string | null;
                        failNote: string | null;
                        failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                        instructions: string | null;
                        itemCount: number;
                        locked: boolean;
                        number: string;
                        /** Format: uuid */
                        orderId: string;
                        paymentLabel: string;
                        pickedUpAt: string | null;
                        pincode: string;
                        readyAt: string | null;
                        riderId: string | null;
                        riderName: string | null;
                        slot: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            label: string;
                            startTime: string;
                        };
                        /** @enum {string} */
                        status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        statusLabel: string;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-reschedule": {
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
                "application/json": {
                    /** Format: date */
                    date: string;
                    /** Format: uuid */
                    slotId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string;
                        codDue: number | null;
                        customerFirstName: string;
                        deliveredAt: string | null;
                        failedAt: string | null;
                        failNote: string | null;
                        failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                        instructions: string | null;
                        itemCount: number;
                        locked: boolean;
                        number: string;
                        /** Format: uuid */
                        orderId: string;
                        paymentLabel: string;
                        pickedUpAt: string | null;
                        pincode: string;
                        readyAt: string | null;
                        riderId: string | null;
                        riderName: string | null;
                        slot: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            label: string;
                            startTime: string;
                        };
                        /** @enum {string} */
                        status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        statusLabel: string;
                        told: string;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orderIds: string[];
                    /** Format: uuid */
                    riderId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assigned: {
                            /** Format: uuid */
                            orderId: string;
                            /** Format: uuid */
                            riderId: string;
                            riderName: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blackoutDates: {
                            bookings: number;
                            createdAt: string;
                            date: string;
                            reason: string;
                        }[];
                        config: {
                            cutoffMinutes: number;
                            horizonDays: number;
                            /** @default 21:00 */
                            standingCutoffTime: string;
                        };
                        fill: {
                            blackoutReason?: string;
                            date: string;
                            slots: {
                                booked: number;
                                max: number;
                                /** Format: uuid */
                                slotId: string;
                            }[];
                        }[];
                        slots: {
                            active: boolean;
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            maxBookings: number;
                            /** @enum {string} */
                            planType: "all" | "one_time" | "subscription";
                            sort: number;
                            startTime: string;
                        }[];
                        today: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-createSlot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    endTime: string;
                    maxBookings: number;
                    /**
                     * @default all
                     * @enum {string}
                     */
                    planType?: "all" | "one_time" | "subscription";
                    sort?: number;
                    startTime: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        endTime: string;
                        /** Format: uuid */
                        id: string;
                        maxBookings: number;
                        /** @enum {string} */
                        planType: "all" | "one_time" | "subscription";
                        sort: number;
                        startTime: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-updateSlot": {
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
                "application/json": {
                    active?: boolean;
                    endTime?: string;
                    maxBookings?: number;
                    /** @enum {string} */
                    planType?: "all" | "one_time" | "subscription";
                    sort?: number;
                    startTime?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        endTime: string;
                        /** Format: uuid */
                        id: string;
                        maxBookings: number;
                        /** @enum {string} */
                        planType: "all" | "one_time" | "subscription";
                        sort: number;
                        startTime: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-addBlackout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bookings: number;
                        createdAt: string;
                        date: string;
                        reason: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-removeBlackout": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-pincodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        area: string;
                        city: string;
                        pincode: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-addPincode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    area: string;
                    /** @default Bengaluru */
                    city?: string;
                    pincode: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        area: string;
                        city: string;
                        pincode: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-removePincode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                pincode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-updatePincode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                pincode: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    area?: string;
                    city?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        area: string;
                        city: string;
                        pincode: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-forecast": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        days: {
                            date: string;
                            slots: {
                                endTime: string;
                                oneOff: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                oneOffBooked: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                slotId: string;
                                standing: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                                startTime: string;
                                total: {
                                    bottles: number;
                                    orders: number;
                                    revenue: number;
                                };
                            }[];
                            total: {
                                bottles: number;
                                orders: number;
                                revenue: number;
                            };
                        }[];
                        generatedAt: string;
                        rule: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-images-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The stored picture */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-ingredients": {
        parameters: {
            query?: {
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        description: string;
                        hydroponic: boolean;
                        /** Format: uuid */
                        id: string;
                        inStock: boolean;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        portionQty: number;
                        price: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        /** @enum {string} */
                        stockUnit: "g" | "ml" | "pc";
                        updatedAt: string;
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-createIngredient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                    /** @enum {string} */
                    category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                    description: string;
                    hydroponic: boolean;
                    inStock: boolean;
                    name: string;
                    nutrition: {
                        carbs: number;
                        fat: number;
                        fibre: number;
                        kcal: number;
                        protein: number;
                        sugar: number;
                    };
                    portionQty?: number;
                    price: number;
                    slug: string;
                    sortOrder: number;
                    /** @enum {string} */
                    stockUnit?: "g" | "ml" | "pc";
                    vegan: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        description: string;
                        hydroponic: boolean;
                        /** Format: uuid */
                        id: string;
                        inStock: boolean;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        portionQty: number;
                        price: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        /** @enum {string} */
                        stockUnit: "g" | "ml" | "pc";
                        updatedAt: string;
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-updateIngredient": {
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
                "application/json": {
                    active?: boolean;
                    allergens?: ("dairy" | "nuts" | "soy" | "gluten")[];
                    /** @enum {string} */
                    category?: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                    description?: string;
                    hydroponic?: boolean;
                    inStock?: boolean;
                    name?: string;
                    nutrition?: {
                        carbs: number;
                        fat: number;
                        fibre: number;
                        kcal: number;
                        protein: number;
                        sugar: number;
                    };
                    portionQty?: number;
                    price?: number;
                    slug?: string;
                    sortOrder?: number;
                    /** @enum {string} */
                    stockUnit?: "g" | "ml" | "pc";
                    vegan?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        description: string;
                        hydroponic: boolean;
                        /** Format: uuid */
                        id: string;
                        inStock: boolean;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        portionQty: number;
                        price: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        /** @enum {string} */
                        stockUnit: "g" | "ml" | "pc";
                        updatedAt: string;
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-reorderIngredients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        description: string;
                        hydroponic: boolean;
                        /** Format: uuid */
                        id: string;
                        inStock: boolean;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        portionQty: number;
                        price: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        /** @enum {string} */
                        stockUnit: "g" | "ml" | "pc";
                        updatedAt: string;
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "jobs-list": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                state?: "open" | "created" | "retry" | "active" | "completed" | "failed" | "cancelled" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            active: number;
                            created: number;
                            failed: number;
                            retry: number;
                        };
                        jobs: {
                            attempts: number;
                            completedAt: string | null;
                            createdAt: string;
                            id: string;
                            lastError: string | null;
                            maxAttempts: number;
                            name: string;
                            nextRunAt: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            state: "created" | "retry" | "active" | "completed" | "failed" | "cancelled";
                        }[];
                        schedules: {
                            cron: string;
                            lastRunAt: string | null;
                            name: string;
                            nextRunAt: string | null;
                            timezone: string;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "jobs-retry": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            attempts: number;
                            completedAt: string | null;
                            createdAt: string;
                            id: string;
                            lastError: string | null;
                            maxAttempts: number;
                            name: string;
                            nextRunAt: string | null;
                            startedAt: string | null;
                            /** @enum {string} */
                            state: "created" | "retry" | "active" | "completed" | "failed" | "cancelled";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "kitchen-day": {
        parameters: {
            query: {
                date: string;
                slotId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string;
                        day: {
                            bottles: number;
                            forecastBottles: number;
                            ingredients: {
                                forecast: number;
                                free: number | null;
                                /** Format: uuid */
                                ingredientId: string;
                                name: string;
                                onHand: number;
                                ordered: number;
                                qty: number;
                                short: boolean;
                                /** @enum {string} */
                                unit: "g" | "ml" | "pc";
                            }[];
                        };
                        sections: {
                            batches: {
                                /** Format: date */
                                date: string;
                                /** Format: uuid */
                                id: string;
                                orderCount: number;
                                readyAt: string | null;
                                readyBy: string | null;
                                /** Format: uuid */
                                slotId: string;
                                startedAt: string;
                                startedBy: string | null;
                                undoneAt: string | null;
                                undoneBy: string | null;
                            }[];
                            blend: {
                                bottles: number;
                                customs: {
                                    bottles: number;
                                    key: string;
                                    name: string;
                                    perBottle: {
                                        /** Format: uuid */
                                        ingredientId: string;
                                        name: string;
                                        qty: number;
                                        /** @enum {string} */
                                        unit: "g" | "ml" | "pc";
                                    }[];
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                }[];
                                ingredients: {
                                    /** Format: uuid */
                                    ingredientId: string;
                                    name: string;
                                    qty: number;
                                    /** @enum {string} */
                                    unit: "g" | "ml" | "pc";
                                }[];
                                shakes: {
                                    bottles: number;
                                    name: string;
                                    perBottle: {
                                        /** Format: uuid */
                                        ingredientId: string;
                                        name: string;
                                        qty: number;
                                        /** @enum {string} */
                                        unit: "g" | "ml" | "pc";
                                    }[];
                                    shakeId: string;
                                }[];
                            };
                            forecast: {
                                bottles: number;
                                customs: {
                                    bottles: number;
                                    key: string;
                                    name: string;
                                    perBottle: {
                                        /** Format: uuid */
                                        ingredientId: string;
                                        name: string;
                                        qty: number;
                                        /** @enum {string} */
                                        unit: "g" | "ml" | "pc";
                                    }[];
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                }[];
                                ingredients: {
                                    /** Format: uuid */
                                    ingredientId: string;
                                    name: string;
                                    qty: number;
                                    /** @enum {string} */
                                    unit: "g" | "ml" | "pc";
                                }[];
                                shakes: {
                                    bottles: number;
                                    name: string;
                                    perBottle: {
                                        /** Format: uuid */
                                        ingredientId: string;
                                        name: string;
                                        qty: number;
                                        /** @enum {string} */
                                        unit: "g" | "ml" | "pc";
                                    }[];
                                    shakeId: string;
                                }[];
                            };
                            orders: {
                                confirmed: number;
                                delivered: number;
                                outForDelivery: number;
                                preparing: number;
                                ready: number;
                            };
                            slot: {
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                label: string;
                                startTime: string;
                            };
                            toStart: {
                                bottles: number;
                                ingredients: {
                                    /** Format: uuid */
                                    ingredientId: string;
                                    name: string;
                                    qty: number;
                                    /** @enum {string} */
                                    unit: "g" | "ml" | "pc";
                                }[];
                            };
                        }[];
                        slots: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            label: string;
                            startTime: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-kitchenLocation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isDefault: boolean;
                        latitude: number;
                        longitude: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-updateKitchenLocation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    latitude: number;
                    longitude: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isDefault: boolean;
                        latitude: number;
                        longitude: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "kitchen-startBatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date */
                    date: string;
                    /** Format: uuid */
                    slotId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            /** Format: date */
                            date: string;
                            /** Format: uuid */
                            id: string;
                            orderCount: number;
                            readyAt: string | null;
                            readyBy: string | null;
                            /** Format: uuid */
                            slotId: string;
                            startedAt: string;
                            startedBy: string | null;
                            undoneAt: string | null;
                            undoneBy: string | null;
                        } | null;
                        moved: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "kitchen-markReady": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string;
                        /** Format: uuid */
                        id: string;
                        orderCount: number;
                        readyAt: string | null;
                        readyBy: string | null;
                        /** Format: uuid */
                        slotId: string;
                        startedAt: string;
                        startedBy: string | null;
                        undoneAt: string | null;
                        undoneBy: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "kitchen-undoBatch": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: {
                            /** Format: date */
                            date: string;
                            /** Format: uuid */
                            id: string;
                            orderCount: number;
                            readyAt: string | null;
                            readyBy: string | null;
                            /** Format: uuid */
                            slotId: string;
                            startedAt: string;
                            startedBy: string | null;
                            undoneAt: string | null;
                            undoneBy: string | null;
                        };
                        cancelled: number;
                        confirmed: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-kitchen-labelsPdf": {
        parameters: {
            query: {
                date: string;
                slotId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF file (Content-Disposition: inline) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-kitchen-prepSheetPdf": {
        parameters: {
            query: {
                date: string;
                slotId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF file (Content-Disposition: inline) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-list": {
        parameters: {
            query?: {
                date?: string;
                page?: number;
                pageSize?: number;
                paymentMethod?: "razorpay" | "cod" | "free" | "wallet";
                paymentStatus?: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                search?: string;
                slotId?: string;
                status?: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orders: {
                            customerName: string;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            itemCount: number;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            number: string;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            phone: string;
                            pincode: string;
                            placedAt: string;
                            refunded: number;
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            total: number;
                        }[];
                        slots: {
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            startTime: string;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-get": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        canMarkPaid: boolean;
                        customer: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                            phone: string;
                        };
                        nextStatus: ("pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled") | null;
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payments: {
                            amount: number;
                            createdAt: string;
                            gatewayPaymentId: string;
                            /** Format: uuid */
                            id: string;
                            method: string | null;
                            refunded: number;
                            status: string;
                        }[];
                        refundable: number;
                        refunds: {
                            amount: number;
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastError: string | null;
                            processedAt: string | null;
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "processed" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-cancel": {
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
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        canMarkPaid: boolean;
                        customer: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                            phone: string;
                        };
                        nextStatus: ("pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled") | null;
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payments: {
                            amount: number;
                            createdAt: string;
                            gatewayPaymentId: string;
                            /** Format: uuid */
                            id: string;
                            method: string | null;
                            refunded: number;
                            status: string;
                        }[];
                        refundable: number;
                        refunds: {
                            amount: number;
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastError: string | null;
                            processedAt: string | null;
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "processed" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-markPaid": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        canMarkPaid: boolean;
                        customer: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                            phone: string;
                        };
                        nextStatus: ("pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled") | null;
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payments: {
                            amount: number;
                            createdAt: string;
                            gatewayPaymentId: string;
                            /** Format: uuid */
                            id: string;
                            method: string | null;
                            refunded: number;
                            status: string;
                        }[];
                        refundable: number;
                        refunds: {
                            amount: number;
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastError: string | null;
                            processedAt: string | null;
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "processed" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-refund": {
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
                "application/json": {
                    amount?: number;
                    idempotencyKey: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        canMarkPaid: boolean;
                        customer: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                            phone: string;
                        };
                        nextStatus: ("pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled") | null;
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payments: {
                            amount: number;
                            createdAt: string;
                            gatewayPaymentId: string;
                            /** Format: uuid */
                            id: string;
                            method: string | null;
                            refunded: number;
                            status: string;
                        }[];
                        refundable: number;
                        refunds: {
                            amount: number;
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastError: string | null;
                            processedAt: string | null;
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "processed" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminOrders-setStatus": {
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
                "application/json": {
                    confirm?: boolean;
                    note?: string;
                    /** @enum {string} */
                    status: "preparing" | "out_for_delivery" | "delivered";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canCancel: boolean;
                        canMarkPaid: boolean;
                        customer: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            mobile: string | null;
                            name: string;
                            phone: string;
                        };
                        nextStatus: ("pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled") | null;
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payments: {
                            amount: number;
                            createdAt: string;
                            gatewayPaymentId: string;
                            /** Format: uuid */
                            id: string;
                            method: string | null;
                            refunded: number;
                            status: string;
                        }[];
                        refundable: number;
                        refunds: {
                            amount: number;
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            lastError: string | null;
                            processedAt: string | null;
                            reason: string;
                            /** @enum {string} */
                            status: "pending" | "processed" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-orders-exportCsv": {
        parameters: {
            query?: {
                date?: string;
                paymentMethod?: string;
                paymentStatus?: string;
                search?: string;
                slotId?: string;
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (Content-Disposition: attachment) */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-passwordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    /** Format: uuid */
                    userId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        /** @constant */
                        ok: true;
                        sentTo: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codLimit: number;
                        deliveryFee: number;
                        freeDeliveryThreshold: number;
                        gstRatePercent: number;
                        maxRedeemPercent: number;
                        minRedeemPoints: number;
                        pointValue: number;
                        rupeesPerPoint: number;
                        sizes: {
                            large: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                            regular: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                        };
                        subscriberPointsMultiplier: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-savePricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codLimit: number;
                    deliveryFee: number;
                    freeDeliveryThreshold: number;
                    gstRatePercent: number;
                    maxRedeemPercent: number;
                    minRedeemPoints: number;
                    pointValue: number;
                    rupeesPerPoint: number;
                    sizes: {
                        large: {
                            factor: number;
                            label: string;
                            ml: number;
                            price: number;
                        };
                        regular: {
                            factor: number;
                            label: string;
                            ml: number;
                            price: number;
                        };
                    };
                    subscriberPointsMultiplier: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codLimit: number;
                        deliveryFee: number;
                        freeDeliveryThreshold: number;
                        gstRatePercent: number;
                        maxRedeemPercent: number;
                        minRedeemPoints: number;
                        pointValue: number;
                        rupeesPerPoint: number;
                        sizes: {
                            large: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                            regular: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                        };
                        subscriberPointsMultiplier: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-answerGrievance": {
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
                "application/json": {
                    answer: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grievance: {
                            answer: string | null;
                            answeredAt: string | null;
                            askedAt: string;
                            details: string;
                            dueBy: string;
                            id: string;
                            /** @enum {string} */
                            status: "open" | "answered" | "closed";
                            subject: string;
                        };
                        told: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        incidents: {
                            affected: number;
                            boardReport: string;
                            boardReportedAt: string | null;
                            dataKinds: string;
                            discoveredAt: string;
                            id: string;
                            likelyImpact: string;
                            measures: string;
                            occurredAt: string | null;
                            overdue: boolean;
                            peopleToldAt: string | null;
                            recordedAt: string;
                            recordedBy: string | null;
                            reportDueBy: string;
                            told: number;
                            what: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-recordIncident": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default false */
                    allCustomers?: boolean;
                    dataKinds: string;
                    /** Format: date-time */
                    discoveredAt: string;
                    likelyImpact: string;
                    measures: string;
                    /** @default null */
                    occurredAt?: string | null;
                    /** @default [] */
                    people?: string[];
                    /** @default [] */
                    userIds?: string[];
                    what: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        affected: number;
                        boardReport: string;
                        boardReportedAt: string | null;
                        dataKinds: string;
                        discoveredAt: string;
                        id: string;
                        likelyImpact: string;
                        measures: string;
                        occurredAt: string | null;
                        overdue: boolean;
                        peopleToldAt: string | null;
                        recordedAt: string;
                        recordedBy: string | null;
                        reportDueBy: string;
                        told: number;
                        what: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-incidentReported": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        affected: number;
                        boardReport: string;
                        boardReportedAt: string | null;
                        dataKinds: string;
                        discoveredAt: string;
                        id: string;
                        likelyImpact: string;
                        measures: string;
                        occurredAt: string | null;
                        overdue: boolean;
                        peopleToldAt: string | null;
                        recordedAt: string;
                        recordedBy: string | null;
                        reportDueBy: string;
                        told: number;
                        what: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-tellIncident": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        incident: {
                            affected: number;
                            boardReport: string;
                            boardReportedAt: string | null;
                            dataKinds: string;
                            discoveredAt: string;
                            id: string;
                            likelyImpact: string;
                            measures: string;
                            occurredAt: string | null;
                            overdue: boolean;
                            peopleToldAt: string | null;
                            recordedAt: string;
                            recordedBy: string | null;
                            reportDueBy: string;
                            told: number;
                            what: string;
                        };
                        toldNow: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answerDays: number;
                        requests: {
                            done: boolean;
                            doneAt: string | null;
                            dueBy: string;
                            grievance: {
                                answer: string | null;
                                answeredBy: string | null;
                                details: string;
                                subject: string;
                            } | null;
                            id: string;
                            /** @enum {string} */
                            kind: "export" | "deletion" | "inactive" | "grievance";
                            overdue: boolean;
                            person: string;
                            requestedAt: string;
                            state: string;
                            userId: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-purchasePlan": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dates: string[];
                        generatedAt: string;
                        groups: {
                            items: {
                                available: number;
                                by: string | null;
                                days: {
                                    date: string;
                                    expired: number;
                                    left: number;
                                    need: number;
                                    usable: number;
                                }[];
                                expiring: {
                                    bestBefore: string;
                                    qty: number;
                                }[];
                                ingredientId: string;
                                name: string;
                                nextBestBefore: string | null;
                                onHand: number;
                                parLevel: number;
                                reserved: number;
                                toGet: number;
                                totalNeed: number;
                                /** @enum {string} */
                                unit: "g" | "ml" | "pc";
                            }[];
                            name: string;
                            /** @enum {string} */
                            source: "farm" | "supplier";
                        }[];
                        rule: string;
                        today: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-purchasePlanCsv": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file (Content-Disposition: attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-purchasePlanPdf": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF file (Content-Disposition: inline) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-retryRefund": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        lastError: string | null;
                        processedAt: string | null;
                        reason: string;
                        /** @enum {string} */
                        status: "pending" | "processed" | "failed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "admin-retention": {
        parameters: {
            query?: {
                weeks?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelReasons: {
                            count: number;
                            reason: string;
                            /** @enum {string} */
                            source: "order" | "subscription";
                        }[];
                        cohorts: {
                            customers: number;
                            retained: {
                                customers: number | null;
                                percent: number | null;
                                week: number;
                            }[];
                            week: string;
                        }[];
                        from: string;
                        generatedAt: string;
                        to: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-adminForShake": {
        parameters: {
            query: {
                id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reviews: {
                            author: string;
                            body: string;
                            createdAt: string;
                            hidden: boolean;
                            /** Format: uuid */
                            id: string;
                            rating: number;
                            /** Format: uuid */
                            shakeId: string;
                        }[];
                        summary: {
                            average: number | null;
                            count: number;
                            /** Format: uuid */
                            shakeId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-setHidden": {
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
                "application/json": {
                    hidden: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        body: string;
                        createdAt: string;
                        hidden: boolean;
                        /** Format: uuid */
                        id: string;
                        rating: number;
                        /** Format: uuid */
                        shakeId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rewards-adminList": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customers: {
                            balance: number;
                            earned: number;
                            email: string;
                            lastActivityAt: string | null;
                            name: string;
                            spent: number;
                            userId: string;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rewards-adminLedger": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        customer: {
                            email: string;
                            name: string;
                            userId: string;
                        };
                        entries: {
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "earn" | "redeem" | "reverse" | "give_back" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                            points: number;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rewards-adminAdjust": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    points: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        customer: {
                            email: string;
                            name: string;
                            userId: string;
                        };
                        entries: {
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "earn" | "redeem" | "reverse" | "give_back" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                            points: number;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "deliveries-cash": {
        parameters: {
            query: {
                date: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date: string;
                        riders: {
                            cashCollected: number;
                            codTotal: number;
                            deliveredCodOrders: number;
                            difference: number;
                            name: string;
                            /** Format: uuid */
                            riderId: string;
                        }[];
                        totals: {
                            cashCollected: number;
                            codTotal: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-adminList": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
                slotId?: string;
                status?: "active" | "paused" | "ended";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        schedules: {
                            createdAt: string;
                            customer: {
                                email: string;
                                id: string;
                                name: string;
                            };
                            daysLabel: string;
                            endDate: string | null;
                            id: string;
                            items: {
                                id: string;
                                name: string;
                                quantity: number;
                                /** @enum {string} */
                                type: "signature" | "custom";
                            }[];
                            pincode: string | null;
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                            startDate: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "ended";
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-forecast": {
        parameters: {
            query?: {
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffAt: string;
                        date: string;
                        notPlaced: {
                            customer: string;
                            reason: string;
                            reasonCode: string;
                            scheduleId: string;
                            startTime: string;
                        }[];
                        slots: {
                            deliveries: number;
                            endTime: string;
                            shakes: {
                                id: string;
                                name: string;
                                quantity: number;
                                /** @enum {string} */
                                type: "signature" | "custom";
                            }[];
                            slotId: string;
                            startTime: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-shakes": {
        parameters: {
            query?: {
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        updatedAt: string;
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-createShake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                    calories: number;
                    carbs: number;
                    description: string;
                    fat: number;
                    fibre: number;
                    image: string;
                    ingredients: string[];
                    inStock: boolean;
                    name: string;
                    price: number;
                    protein: number;
                    slug: string;
                    sortOrder: number;
                    sugar: number;
                    tags: string[];
                    vegan: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        updatedAt: string;
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-updateShake": {
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
                "application/json": {
                    active?: boolean;
                    allergens?: ("dairy" | "nuts" | "soy" | "gluten")[];
                    calories?: number;
                    carbs?: number;
                    description?: string;
                    fat?: number;
                    fibre?: number;
                    image?: string;
                    ingredients?: string[];
                    inStock?: boolean;
                    name?: string;
                    price?: number;
                    protein?: number;
                    slug?: string;
                    sortOrder?: number;
                    sugar?: number;
                    tags?: string[];
                    vegan?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        updatedAt: string;
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-recipe": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shakeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uuid */
                            ingredientId: string;
                            name: string;
                            qtyPerBottle: number;
                            /** @enum {string} */
                            unit: "g" | "ml" | "pc";
                        }[];
                        /** Format: uuid */
                        shakeId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-saveRecipe": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                shakeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** Format: uuid */
                        ingredientId: string;
                        qtyPerBottle: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uuid */
                            ingredientId: string;
                            name: string;
                            qtyPerBottle: number;
                            /** @enum {string} */
                            unit: "g" | "ml" | "pc";
                        }[];
                        /** Format: uuid */
                        shakeId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "adminCatalogue-reorderShakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        updatedAt: string;
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "staff-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        staff: {
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            invitedAt: string | null;
                            invitePending: boolean;
                            lastSignInAt: string | null;
                            mobile: string | null;
                            name: string;
                            ownerByConfig: boolean;
                            /** @enum {string} */
                            role: "admin" | "manager" | "kitchen" | "rider" | "support";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "staff-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    mobile?: string;
                    name: string;
                    /** @enum {string} */
                    role: "admin" | "manager" | "kitchen" | "rider" | "support";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        member: {
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            invitedAt: string | null;
                            invitePending: boolean;
                            lastSignInAt: string | null;
                            mobile: string | null;
                            name: string;
                            ownerByConfig: boolean;
                            /** @enum {string} */
                            role: "admin" | "manager" | "kitchen" | "rider" | "support";
                        };
                        told: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "staff-update": {
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
                "application/json": {
                    disabled?: boolean;
                    /** @enum {string} */
                    role?: "admin" | "manager" | "kitchen" | "rider" | "support";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: {
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            /** Format: uuid */
                            id: string;
                            invitedAt: string | null;
                            invitePending: boolean;
                            lastSignInAt: string | null;
                            mobile: string | null;
                            name: string;
                            ownerByConfig: boolean;
                            /** @enum {string} */
                            role: "admin" | "manager" | "kitchen" | "rider" | "support";
                        };
                        sessionsEnded: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ingredients: {
                            active: boolean;
                            /** @enum {string} */
                            category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                            daysOfCover: number | null;
                            free: number;
                            /** Format: uuid */
                            ingredientId: string;
                            low: boolean;
                            name: string;
                            nextBestBefore: string | null;
                            onHand: number;
                            parLevel: number;
                            portionQty: number;
                            reserved: number;
                            soldOut: boolean;
                            tracked: boolean;
                            /** @enum {string} */
                            unit: "g" | "ml" | "pc";
                            usedPerDay: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-ledger": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                ingredientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        level: {
                            active: boolean;
                            /** @enum {string} */
                            category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                            daysOfCover: number | null;
                            free: number;
                            /** Format: uuid */
                            ingredientId: string;
                            low: boolean;
                            name: string;
                            nextBestBefore: string | null;
                            onHand: number;
                            parLevel: number;
                            portionQty: number;
                            reserved: number;
                            soldOut: boolean;
                            tracked: boolean;
                            /** @enum {string} */
                            unit: "g" | "ml" | "pc";
                            usedPerDay: number;
                        };
                        movements: {
                            actorEmail: string | null;
                            at: string;
                            batch: string | null;
                            bestBefore: string | null;
                            delta: number;
                            id: string;
                            /** Format: uuid */
                            ingredientId: string;
                            /** @enum {string} */
                            kind: "received" | "used" | "wasted" | "counted" | "returned";
                            onHandAfter: number;
                            orderId: string | null;
                            reason: string | null;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-setParLevel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ingredientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    parLevel: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        daysOfCover: number | null;
                        free: number;
                        /** Format: uuid */
                        ingredientId: string;
                        low: boolean;
                        name: string;
                        nextBestBefore: string | null;
                        onHand: number;
                        parLevel: number;
                        portionQty: number;
                        reserved: number;
                        soldOut: boolean;
                        tracked: boolean;
                        /** @enum {string} */
                        unit: "g" | "ml" | "pc";
                        usedPerDay: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        daysOfCover: number | null;
                        free: number;
                        /** Format: uuid */
                        ingredientId: string;
                        low: boolean;
                        name: string;
                        nextBestBefore: string | null;
                        onHand: number;
                        parLevel: number;
                        portionQty: number;
                        reserved: number;
                        soldOut: boolean;
                        tracked: boolean;
                        /** @enum {string} */
                        unit: "g" | "ml" | "pc";
                        usedPerDay: number;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "stock-recordMovement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    batch?: string;
                    /** Format: date */
                    bestBefore?: string;
                    /** Format: uuid */
                    ingredientId: string;
                    /** @enum {string} */
                    kind: "received" | "wasted" | "counted";
                    quantity: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        level: {
                            active: boolean;
                            /** @enum {string} */
                            category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                            daysOfCover: number | null;
                            free: number;
                            /** Format: uuid */
                            ingredientId: string;
                            low: boolean;
                            name: string;
                            nextBestBefore: string | null;
                            onHand: number;
                            parLevel: number;
                            portionQty: number;
                            reserved: number;
                            soldOut: boolean;
                            tracked: boolean;
                            /** @enum {string} */
                            unit: "g" | "ml" | "pc";
                            usedPerDay: number;
                        };
                        movement: {
                            actorEmail: string | null;
                            at: string;
                            batch: string | null;
                            bestBefore: string | null;
                            delta: number;
                            id: string;
                            /** Format: uuid */
                            ingredientId: string;
                            /** @enum {string} */
                            kind: "received" | "used" | "wasted" | "counted" | "returned";
                            onHandAfter: number;
                            orderId: string | null;
                            reason: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminPlans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: {
                            active: boolean;
                            description: string;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            periodDays: number;
                            pointsMultiplier: number;
                            price: number;
                            pricePerShake: number | null;
                            slug: string;
                            subscriberSlots: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminCreatePlan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default  */
                    description?: string;
                    freeDelivery: boolean;
                    /** @enum {string} */
                    freeUnitRule: "cheapest_signature" | "cheapest_priced";
                    freeUnits: number;
                    name: string;
                    periodDays: number;
                    pointsMultiplier: number;
                    price: number;
                    subscriberSlots: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        description: string;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        periodDays: number;
                        pointsMultiplier: number;
                        price: number;
                        pricePerShake: number | null;
                        slug: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminUpdatePlan": {
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
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default  */
                    description?: string;
                    freeDelivery?: boolean;
                    /** @enum {string} */
                    freeUnitRule?: "cheapest_signature" | "cheapest_priced";
                    freeUnits?: number;
                    name?: string;
                    periodDays?: number;
                    pointsMultiplier?: number;
                    price?: number;
                    subscriberSlots?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        description: string;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        name: string;
                        periodDays: number;
                        pointsMultiplier: number;
                        price: number;
                        pricePerShake: number | null;
                        slug: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminList": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                planId?: string;
                q?: string;
                renewingSoon?: boolean | ("true" | "false");
                status?: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscriptions: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminDetail": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminCancel": {
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
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminExtend": {
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
                "application/json": {
                    days: number;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminPause": {
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
                "application/json": {
                    days: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminRefund": {
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
                "application/json": {
                    amount?: number;
                    /** Format: uuid */
                    paymentId: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-adminResume": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        freeUnits: {
                            at: string;
                            /** Format: uuid */
                            orderId: string;
                            orderNumber: string;
                            value: number;
                        }[];
                        payments: {
                            amount: number;
                            createdAt: string;
                            gateway: string;
                            gatewayOrderId: string;
                            gatewayPaymentId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            kind: "purchase" | "renewal" | "auto_renewal" | "autopay_renewal";
                            paidAt: string | null;
                            refunded: number;
                            refunds: {
                                amount: number;
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                lastError: string | null;
                                processedAt: string | null;
                                reason: string;
                                /** @enum {string} */
                                status: "pending" | "processed" | "failed";
                            }[];
                            /** @enum {string} */
                            status: "created" | "paid" | "failed" | "refunded";
                        }[];
                        periods: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        }[];
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            customer: {
                                email: string;
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-adminList": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customers: {
                            balance: number;
                            email: string;
                            lastActivityAt: string | null;
                            name: string;
                            spent: number;
                            toppedUp: number;
                            userId: string;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-adminLedger": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        customer: {
                            email: string;
                            name: string;
                            userId: string;
                        };
                        entries: {
                            amount: number;
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "top_up" | "charge" | "release" | "order_refund" | "refund_out" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-adminAdjust": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        customer: {
                            email: string;
                            name: string;
                            userId: string;
                        };
                        entries: {
                            amount: number;
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "top_up" | "charge" | "release" | "order_refund" | "refund_out" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowLoopback: boolean;
                        endpoints: {
                            active: boolean;
                            createdAt: string;
                            description: string;
                            events: string[];
                            failed: number;
                            id: string;
                            lastDeliveredAt: string | null;
                            pending: number;
                            secretHint: string;
                            secretRotatedAt: string | null;
                            updatedAt: string;
                            url: string;
                        }[];
                        eventTypes: {
                            label: string;
                            type: string;
                        }[];
                        httpsOnly: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    active?: boolean;
                    /** @default  */
                    description?: string;
                    events: ("order.placed" | "order.paid" | "order.status_changed" | "order.cancelled" | "order.refunded" | "subscription.created" | "subscription.renewed" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled")[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            active: boolean;
                            createdAt: string;
                            description: string;
                            events: string[];
                            failed: number;
                            id: string;
                            lastDeliveredAt: string | null;
                            pending: number;
                            secretHint: string;
                            secretRotatedAt: string | null;
                            updatedAt: string;
                            url: string;
                        };
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-update": {
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
                "application/json": {
                    active?: boolean;
                    description?: string;
                    events?: ("order.placed" | "order.paid" | "order.status_changed" | "order.cancelled" | "order.refunded" | "subscription.created" | "subscription.renewed" | "subscription.paused" | "subscription.resumed" | "subscription.cancelled")[];
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        createdAt: string;
                        description: string;
                        events: string[];
                        failed: number;
                        id: string;
                        lastDeliveredAt: string | null;
                        pending: number;
                        secretHint: string;
                        secretRotatedAt: string | null;
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-rotateSecret": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            active: boolean;
                            createdAt: string;
                            description: string;
                            events: string[];
                            failed: number;
                            id: string;
                            lastDeliveredAt: string | null;
                            pending: number;
                            secretHint: string;
                            secretRotatedAt: string | null;
                            updatedAt: string;
                            url: string;
                        };
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-deliveries": {
        parameters: {
            query?: {
                endpointId?: string;
                page?: number;
                pageSize?: number;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attempts: number;
                            createdAt: string;
                            deliveredAt: string | null;
                            endpointId: string;
                            endpointUrl: string;
                            eventId: string;
                            eventType: string;
                            id: number;
                            lastAttemptAt: string | null;
                            lastError: string | null;
                            nextAttemptAt: string | null;
                            responseStatus: number | null;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed";
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "webhooks-resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: number;
                        createdAt: string;
                        deliveredAt: string | null;
                        endpointId: string;
                        endpointUrl: string;
                        eventId: string;
                        eventType: string;
                        id: number;
                        lastAttemptAt: string | null;
                        lastError: string | null;
                        nextAttemptAt: string | null;
                        responseStatus: number | null;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string | null;
                        expires_at: string;
                        has_password: boolean;
                        invited_by: string | null;
                        landing: string;
                        mobile: string | null;
                        name: string;
                        /** @enum {string} */
                        role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                        role_label: string;
                        shop_name: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-acceptInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        landing: string;
                        refresh_token: string;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-mobileRequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mobile: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_in: number;
                        message: string;
                        /** @constant */
                        ok: true;
                        resend_after: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-mobileVerify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    mobile: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-otpRequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mobile: string;
                    return_to?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_in: number;
                        message: string;
                        /** @constant */
                        ok: true;
                        resend_after: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-otpVerify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    mobile: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        refresh_token: string;
                        return_to: string | null;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password?: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mobile?: string;
                    name?: string;
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        refresh_token: string;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-resetPasswordBrevo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-completeReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        refresh_token: string;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        refresh_token: string;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    consents?: {
                        /** @default false */
                        marketing?: boolean;
                        notice_version: string;
                        /** @default false */
                        whatsapp?: boolean;
                    };
                    email: string;
                    mobile: string;
                    name: string;
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string | null;
                        expires_at: number | null;
                        message: string;
                        refresh_token: string | null;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        } | null;
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-supabase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    access_token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /**
                         * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                         * @example 1795000000000
                         */
                        expires_at: number;
                        refresh_token: string;
                        session: {
                            access_token: string;
                            /**
                             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds)
                             * @example 1795000000000
                             */
                            expires_at: number;
                            expires_in: number;
                            refresh_token: string;
                            /** @constant */
                            token_type: "bearer";
                        };
                        user: {
                            created_at: string;
                            email: string;
                            email_verified: boolean;
                            id: string;
                            /** @enum {string} */
                            role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                            user_metadata: {
                                mobile?: string;
                                name: string;
                                /** @enum {string} */
                                role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                                username?: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-verifyEmailConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "auth-verifyEmailRequest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        message: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponCode?: string;
                    lines: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                    pointsToRedeem?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amountToFreeDelivery: number;
                        coupon: {
                            applied: boolean;
                            code: string;
                            discount: number;
                            refusal: {
                                amountNeeded: number | null;
                                /** @enum {string} */
                                code: "COUPON_UNKNOWN" | "COUPON_INACTIVE" | "COUPON_NOT_YET_VALID" | "COUPON_EXPIRED" | "COUPON_EXHAUSTED" | "COUPON_FIRST_ORDER_ONLY" | "COUPON_ALREADY_USED" | "COUPON_NOT_APPLICABLE" | "COUPON_MINIMUM_NOT_MET";
                                message: string;
                            } | null;
                            summary: string | null;
                        } | null;
                        couponCode: string | null;
                        couponDiscount: number;
                        deliveryFee: number;
                        deliveryWaivedBy: ("threshold" | "subscription") | null;
                        freeDeliveryThreshold: number;
                        freeItem: {
                            freeUnitPrice: number;
                            itemId: string;
                            itemName: string;
                        } | null;
                        freeUnitDiscount: number;
                        gst: number;
                        gstRatePercent: number;
                        hasPriceChanges: boolean;
                        hasUnavailable: boolean;
                        itemCount: number;
                        itemsTotal: number;
                        lines: {
                            available: boolean;
                            freeUnitPrice: number;
                            id: string;
                            image: string;
                            isFreeUnit: boolean;
                            lineTotal: number;
                            name: string;
                            priceChanged: boolean;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            shownPrice: number | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        points: {
                            balance: number;
                            maxRedeemable: number;
                            maxRedeemValue: number;
                            minRedeemPoints: number;
                            multiplier: number;
                            pointsToEarn: number;
                            refusal: string | null;
                        };
                        pointsDiscount: number;
                        pointsToRedeem: number;
                        standardDeliveryFee: number;
                        subscriptionPlan: string | null;
                        subtotal: number;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "system-publicConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        paymentMode: "razorpay" | "test";
                        razorpayKeyId: string | null;
                        supabaseAnonKey: string | null;
                        supabaseUrl: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart-validateCoupon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    lines: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: boolean;
                        code: string;
                        discount: number;
                        refusal: {
                            amountNeeded: number | null;
                            /** @enum {string} */
                            code: "COUPON_UNKNOWN" | "COUPON_INACTIVE" | "COUPON_NOT_YET_VALID" | "COUPON_EXPIRED" | "COUPON_EXHAUSTED" | "COUPON_FIRST_ORDER_ONLY" | "COUPON_ALREADY_USED" | "COUPON_NOT_APPLICABLE" | "COUPON_MINIMUM_NOT_MET";
                            message: string;
                        } | null;
                        summary: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "builder-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recipe: {
                        addIns: {
                            ingredientId: string;
                            portions: number;
                        }[];
                        baseId: string;
                        name?: string;
                        /** @enum {string} */
                        size: "regular" | "large";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        id: string;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        price: number;
                        problems: {
                            code: string;
                            message: string;
                        }[];
                        valid: boolean;
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-available": {
        parameters: {
            query?: {
                days?: number;
                from?: string;
                planType?: "one_time" | "subscription";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        config: {
                            cutoffMinutes: number;
                            horizonDays: number;
                            /** @default 21:00 */
                            standingCutoffTime: string;
                        };
                        days: {
                            available: boolean;
                            blackoutReason?: string;
                            date: string;
                            slots: {
                                available: boolean;
                                current_bookings: {
                                    [key: string]: number;
                                };
                                end_time: string;
                                /** Format: uuid */
                                id: string;
                                max_bookings: number;
                                /** @enum {string} */
                                plan_type: "all" | "one_time" | "subscription";
                                /** @enum {string} */
                                reason?: "full" | "closed" | "blackout" | "past_horizon";
                                remaining: number;
                                start_time: string;
                            }[];
                        }[];
                        today: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-slotsByDate": {
        parameters: {
            query?: {
                planType?: "one_time" | "subscription";
            };
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        current_bookings: {
                            [key: string]: number;
                        };
                        end_time: string;
                        /** Format: uuid */
                        id: string;
                        max_bookings: number;
                        /** @enum {string} */
                        plan_type: "all" | "one_time" | "subscription";
                        /** @enum {string} */
                        reason?: "full" | "closed" | "blackout" | "past_horizon";
                        remaining: number;
                        start_time: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-pincode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                pincode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area?: string;
                        pincode: string;
                        serviceable: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "system-health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "postgres" | "pglite";
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "images-read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picture */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalogue-ingredients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        /** @enum {string} */
                        category: "base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener";
                        description: string;
                        hydroponic: boolean;
                        /** Format: uuid */
                        id: string;
                        inStock: boolean;
                        name: string;
                        nutrition: {
                            carbs: number;
                            fat: number;
                            fibre: number;
                            kcal: number;
                            protein: number;
                            sugar: number;
                        };
                        price: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-whatsapp-webhook": {
        parameters: {
            query?: never;
            header: {
                "X-Hub-Signature-256": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Recorded (statuses that moved a message forward) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        recorded: number;
                        requestId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-place": {
        parameters: {
            query?: never;
            header?: {
                /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    addressId: string;
                    couponCode?: string;
                    date: string;
                    idempotencyKey?: string;
                    lines: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                    /** @enum {string} */
                    paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                    /** @enum {string} */
                    planType?: "one_time" | "subscription";
                    pointsToRedeem?: number;
                    /** Format: uuid */
                    slotId: string;
                    whatsappOptIn?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payment: {
                            amount: number;
                            /** @constant */
                            currency: "INR";
                            description: string;
                            gatewayOrderId: string;
                            keyId: string | null;
                            /** @enum {string} */
                            mode: "razorpay" | "test";
                            orderNumber: string;
                            prefill: {
                                contact: string;
                                email: string;
                                name: string;
                            };
                        } | null;
                        replayed: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-get": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: {
                            city: string;
                            landmark: string | null;
                            latitude: number | null;
                            line1: string;
                            line2: string | null;
                            longitude: number | null;
                            name: string;
                            phone: string;
                            pincode: string;
                            state: string;
                        };
                        breakdown: {
                            couponDiscount: number;
                            deliveryFee: number;
                            freeUnitDiscount: number;
                            gst: number;
                            gstRatePercent: number;
                            pointsDiscount: number;
                            subtotal: number;
                            total: number;
                        };
                        cancel: {
                            allowed: boolean;
                            deadline: string | null;
                            refusal: string | null;
                        };
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPay: boolean;
                        confirmedAt: string | null;
                        couponCode: string | null;
                        delivery?: {
                            code: string;
                            riderCallUrl: string | null;
                            riderFirstName: string | null;
                            window: {
                                date: string;
                                endTime: string;
                                startTime: string;
                            };
                        } | null;
                        deliveryPhoto?: {
                            height: number;
                            takenAt: string;
                            url: string;
                            width: number;
                        } | null;
                        expiresAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        labels: {
                            cancelReason: string | null;
                            paymentMethod: string;
                            paymentStatus: string;
                            status: string;
                        };
                        lines: {
                            image: string;
                            isFreeUnit: boolean;
                            itemId: string;
                            lineTotal: number;
                            name: string;
                            quantity: number;
                            recipe: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            } | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        number: string;
                        paidAt: string | null;
                        paidWith: string | null;
                        /** @enum {string} */
                        paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                        /** @enum {string} */
                        paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                        placedAt: string;
                        pointsRedeemed: number;
                        pointsToEarn: number;
                        refund: {
                            pending: number;
                            processed: number;
                        };
                        slot: {
                            date: string;
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            planType: string;
                            startTime: string;
                        };
                        /** @enum {string} */
                        status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        timeline: {
                            /** @enum {string} */
                            actor: "customer" | "admin" | "system" | "gateway";
                            at: string;
                            note: string | null;
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-cancel": {
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
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: {
                            city: string;
                            landmark: string | null;
                            latitude: number | null;
                            line1: string;
                            line2: string | null;
                            longitude: number | null;
                            name: string;
                            phone: string;
                            pincode: string;
                            state: string;
                        };
                        breakdown: {
                            couponDiscount: number;
                            deliveryFee: number;
                            freeUnitDiscount: number;
                            gst: number;
                            gstRatePercent: number;
                            pointsDiscount: number;
                            subtotal: number;
                            total: number;
                        };
                        cancel: {
                            allowed: boolean;
                            deadline: string | null;
                            refusal: string | null;
                        };
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPay: boolean;
                        confirmedAt: string | null;
                        couponCode: string | null;
                        delivery?: {
                            code: string;
                            riderCallUrl: string | null;
                            riderFirstName: string | null;
                            window: {
                                date: string;
                                endTime: string;
                                startTime: string;
                            };
                        } | null;
                        deliveryPhoto?: {
                            height: number;
                            takenAt: string;
                            url: string;
                            width: number;
                        } | null;
                        expiresAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        labels: {
                            cancelReason: string | null;
                            paymentMethod: string;
                            paymentStatus: string;
                            status: string;
                        };
                        lines: {
                            image: string;
                            isFreeUnit: boolean;
                            itemId: string;
                            lineTotal: number;
                            name: string;
                            quantity: number;
                            recipe: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            } | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        number: string;
                        paidAt: string | null;
                        paidWith: string | null;
                        /** @enum {string} */
                        paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                        /** @enum {string} */
                        paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                        placedAt: string;
                        pointsRedeemed: number;
                        pointsToEarn: number;
                        refund: {
                            pending: number;
                            processed: number;
                        };
                        slot: {
                            date: string;
                            endTime: string;
                            /** Format: uuid */
                            id: string;
                            planType: string;
                            startTime: string;
                        };
                        /** @enum {string} */
                        status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        timeline: {
                            /** @enum {string} */
                            actor: "customer" | "admin" | "system" | "gateway";
                            at: string;
                            note: string | null;
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-delivery-photo": {
        parameters: {
            query: {
                exp: string;
                sig: string;
            };
            header?: never;
            path: {
                /** @description The order */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-invoice": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        adjustments: {
                            amount: number;
                            label: string;
                        }[];
                        amountInWords: string;
                        buyer: {
                            email: string | null;
                            lines: string[];
                            name: string;
                            phone: string | null;
                        };
                        financialYear: string;
                        issuedAt: string;
                        lines: {
                            amount: number;
                            description: string;
                            hsn: string;
                            note: string | null;
                            quantity: number;
                            unitPrice: number;
                        }[];
                        number: string;
                        orderDate: string;
                        orderId: string;
                        orderNumber: string;
                        payment: {
                            method: string;
                            paidAt: string | null;
                            status: string;
                        };
                        placeOfSupply: string;
                        remark: string | null;
                        seller: {
                            email: string | null;
                            fssai: string;
                            gstin: string;
                            legalName: string;
                            lines: string[];
                            name: string;
                            phone: string | null;
                            state: string;
                            stateCode: string;
                        };
                        subtotal: number;
                        tax: {
                            cgst: number;
                            cgstRatePercent: number;
                            ratePercent: number;
                            sgst: number;
                            sgstRatePercent: number;
                            taxable: number;
                        };
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-invoicePdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order's id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice (Content-Disposition: attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-retry": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                        payment: {
                            amount: number;
                            /** @constant */
                            currency: "INR";
                            description: string;
                            gatewayOrderId: string;
                            keyId: string | null;
                            /** @enum {string} */
                            mode: "razorpay" | "test";
                            orderNumber: string;
                            prefill: {
                                contact: string;
                                email: string;
                                name: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-reorder": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lines: {
                            available: boolean;
                            id: string;
                            image: string;
                            name: string;
                            orderedUnitPrice: number;
                            quantity: number;
                            reason: string | null;
                            recipe: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            } | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-forOrder": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered: boolean;
                        items: {
                            image: string;
                            name: string;
                            review: {
                                author: string;
                                body: string;
                                createdAt: string;
                                hidden: boolean;
                                /** Format: uuid */
                                id: string;
                                rating: number;
                                /** Format: uuid */
                                shakeId: string;
                            } | null;
                            /** Format: uuid */
                            shakeId: string;
                            slug: string;
                        }[];
                        /** Format: uuid */
                        orderId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orders: {
                            canPay: boolean;
                            /** Format: uuid */
                            id: string;
                            itemCount: number;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            number: string;
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            total: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-testComplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    orderId: string;
                    /** @enum {string} */
                    outcome: "success" | "failure";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    orderId: string;
                    razorpay_order_id: string;
                    razorpay_payment_id: string;
                    razorpay_signature: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        order: {
                            address: {
                                city: string;
                                landmark: string | null;
                                latitude: number | null;
                                line1: string;
                                line2: string | null;
                                longitude: number | null;
                                name: string;
                                phone: string;
                                pincode: string;
                                state: string;
                            };
                            breakdown: {
                                couponDiscount: number;
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                gst: number;
                                gstRatePercent: number;
                                pointsDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            cancel: {
                                allowed: boolean;
                                deadline: string | null;
                                refusal: string | null;
                            };
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPay: boolean;
                            confirmedAt: string | null;
                            couponCode: string | null;
                            delivery?: {
                                code: string;
                                riderCallUrl: string | null;
                                riderFirstName: string | null;
                                window: {
                                    date: string;
                                    endTime: string;
                                    startTime: string;
                                };
                            } | null;
                            deliveryPhoto?: {
                                height: number;
                                takenAt: string;
                                url: string;
                                width: number;
                            } | null;
                            expiresAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            lines: {
                                image: string;
                                isFreeUnit: boolean;
                                itemId: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                recipe: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                } | null;
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            number: string;
                            paidAt: string | null;
                            paidWith: string | null;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            pointsRedeemed: number;
                            pointsToEarn: number;
                            refund: {
                                pending: number;
                                processed: number;
                            };
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            timeline: {
                                /** @enum {string} */
                                actor: "customer" | "admin" | "system" | "gateway";
                                at: string;
                                note: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "payments-webhook": {
        parameters: {
            query?: never;
            header: {
                "X-Razorpay-Event-Id"?: string;
                "X-Razorpay-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Recorded (or recognised as a repeat) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        outcome: string;
                        requestId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalogue-pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codLimit: number;
                        deliveryFee: number;
                        freeDeliveryThreshold: number;
                        gstRatePercent: number;
                        maxRedeemPercent: number;
                        minRedeemPoints: number;
                        pointValue: number;
                        rupeesPerPoint: number;
                        sizes: {
                            large: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                            regular: {
                                factor: number;
                                label: string;
                                ml: number;
                                price: number;
                            };
                        };
                        subscriberPointsMultiplier: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-notice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answerDays: number;
                        inactiveYears: number;
                        items: {
                            kept: string;
                            /** @enum {string} */
                            purpose: "account" | "whatsapp" | "marketing";
                            what: string;
                            why: string;
                        }[];
                        officer: {
                            email: string;
                            name: string;
                            phone: string | null;
                        };
                        version: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-pushPublicKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publicKey: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "system-ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "postgres" | "pglite";
                        ok: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        body: string;
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        rating: number;
                        /** Format: uuid */
                        shakeId: string;
                        shakeName: string;
                        shakeSlug: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-ratings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        average: number | null;
                        count: number;
                        /** Format: uuid */
                        shakeId: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rider-delivered": {
        parameters: {
            query?: never;
            header?: {
                /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cashCollected?: number;
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stop: {
                            address: {
                                city: string;
                                landmark: string | null;
                                line1: string;
                                line2: string | null;
                                pincode: string;
                            };
                            callUrl: string;
                            codDue: number | null;
                            deliveredAt: string | null;
                            failedAt: string | null;
                            failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                            firstName: string;
                            hasPhoto: boolean;
                            instructions: string | null;
                            items: {
                                name: string;
                                quantity: number;
                            }[];
                            locked: boolean;
                            mapUrl: string;
                            number: string;
                            /** Format: uuid */
                            orderId: string;
                            paymentLabel: string;
                            pickedUpAt: string | null;
                            readyAt: string | null;
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            statusLabel: string;
                            triesLeft: number;
                            whatsappUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rider-failed": {
        parameters: {
            query?: never;
            header?: {
                /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note?: string;
                    /** @enum {string} */
                    reason: "not_at_home" | "address_not_found" | "refused";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stop: {
                            address: {
                                city: string;
                                landmark: string | null;
                                line1: string;
                                line2: string | null;
                                pincode: string;
                            };
                            callUrl: string;
                            codDue: number | null;
                            deliveredAt: string | null;
                            failedAt: string | null;
                            failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                            firstName: string;
                            hasPhoto: boolean;
                            instructions: string | null;
                            items: {
                                name: string;
                                quantity: number;
                            }[];
                            locked: boolean;
                            mapUrl: string;
                            number: string;
                            /** Format: uuid */
                            orderId: string;
                            paymentLabel: string;
                            pickedUpAt: string | null;
                            readyAt: string | null;
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            statusLabel: string;
                            triesLeft: number;
                            whatsappUrl: string;
                        };
                        told: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rider-orders-photo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The order */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The stored photo */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            height: number;
                            takenAt: string;
                            url: string;
                            width: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rider-pickedUp": {
        parameters: {
            query?: never;
            header?: {
                /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stop: {
                            address: {
                                city: string;
                                landmark: string | null;
                                line1: string;
                                line2: string | null;
                                pincode: string;
                            };
                            callUrl: string;
                            codDue: number | null;
                            deliveredAt: string | null;
                            failedAt: string | null;
                            failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                            firstName: string;
                            hasPhoto: boolean;
                            instructions: string | null;
                            items: {
                                name: string;
                                quantity: number;
                            }[];
                            locked: boolean;
                            mapUrl: string;
                            number: string;
                            /** Format: uuid */
                            orderId: string;
                            paymentLabel: string;
                            pickedUpAt: string | null;
                            readyAt: string | null;
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            statusLabel: string;
                            triesLeft: number;
                            whatsappUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rider-runs": {
        parameters: {
            query?: {
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cashInHand: number;
                        date: string;
                        runs: {
                            slot: {
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                label: string;
                                startTime: string;
                            };
                            stops: {
                                address: {
                                    city: string;
                                    landmark: string | null;
                                    line1: string;
                                    line2: string | null;
                                    pincode: string;
                                };
                                callUrl: string;
                                codDue: number | null;
                                deliveredAt: string | null;
                                failedAt: string | null;
                                failReason: ("not_at_home" | "address_not_found" | "refused") | null;
                                firstName: string;
                                hasPhoto: boolean;
                                instructions: string | null;
                                items: {
                                    name: string;
                                    quantity: number;
                                }[];
                                kmFromPrevious: number | null;
                                locked: boolean;
                                mapUrl: string;
                                number: string;
                                /** Format: uuid */
                                orderId: string;
                                paymentLabel: string;
                                pickedUpAt: string | null;
                                position: number;
                                readyAt: string | null;
                                /** @enum {string} */
                                status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                                statusLabel: string;
                                triesLeft: number;
                                whatsappUrl: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalogue-shake": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredientDetails: {
                            category: ("base" | "greens" | "fruit" | "protein" | "superfood" | "sweetener") | null;
                            hydroponic: boolean;
                            name: string;
                            slug: string | null;
                        }[];
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        vegan: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-forShake": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reviews: {
                            author: string;
                            body: string;
                            createdAt: string;
                            hidden: boolean;
                            /** Format: uuid */
                            id: string;
                            rating: number;
                            /** Format: uuid */
                            shakeId: string;
                        }[];
                        summary: {
                            average: number | null;
                            count: number;
                            /** Format: uuid */
                            shakeId: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "catalogue-signatureShakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                        calories: number;
                        carbs: number;
                        description: string;
                        fat: number;
                        fibre: number;
                        /** Format: uuid */
                        id: string;
                        image: string;
                        ingredients: string[];
                        inStock: boolean;
                        name: string;
                        price: number;
                        protein: number;
                        slug: string;
                        soldOut: boolean;
                        sortOrder: number;
                        sugar: number;
                        tags: string[];
                        vegan: boolean;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffMinutes: number;
                        horizonDays: number;
                        /** @default 21:00 */
                        standingCutoffTime: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "delivery-admin-updateConfig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cutoffMinutes: number;
                    horizonDays: number;
                    /** @default 21:00 */
                    standingCutoffTime?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffMinutes: number;
                        horizonDays: number;
                        /** @default 21:00 */
                        standingCutoffTime: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-createPayment": {
        parameters: {
            query?: never;
            header?: {
                /** @description A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idempotencyKey?: string;
                    /** Format: uuid */
                    planId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payment: {
                            amount: number;
                            /** @constant */
                            currency: "INR";
                            description: string;
                            gatewayOrderId: string;
                            keyId: string | null;
                            /** @enum {string} */
                            mode: "razorpay" | "test";
                            prefill: {
                                email: string;
                                name: string;
                            };
                        };
                        replayed: boolean;
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-testComplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gatewayOrderId: string;
                    /** @enum {string} */
                    outcome: "success" | "failure";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        paid: boolean;
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-verifyPayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    razorpay_order_id: string;
                    razorpay_payment_id: string;
                    razorpay_signature: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        paid: boolean;
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plans: {
                            active: boolean;
                            description: string;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            name: string;
                            periodDays: number;
                            pointsMultiplier: number;
                            price: number;
                            pricePerShake: number | null;
                            slug: string;
                            subscriberSlots: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-deleteAccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancelledOrders: string[];
                        message: string;
                        /** @constant */
                        ok: true;
                        told: string;
                        walletRefundedPaise: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string | null;
                        city: string;
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        landmark: string | null;
                        latitude: number | null;
                        line1: string;
                        line2: string | null;
                        longitude: number | null;
                        name: string;
                        phone: string;
                        pincode: string;
                        serviceable: boolean;
                        state: string;
                        updatedAt: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    city: string;
                    isDefault?: boolean;
                    landmark?: string | null;
                    latitude?: number | null;
                    line1: string;
                    line2?: string | null;
                    longitude?: number | null;
                    name: string;
                    phone: string;
                    pincode: string;
                    state: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string | null;
                        city: string;
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        landmark: string | null;
                        latitude: number | null;
                        line1: string;
                        line2: string | null;
                        longitude: number | null;
                        name: string;
                        phone: string;
                        pincode: string;
                        serviceable: boolean;
                        state: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses-remove": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "addresses-update": {
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
                "application/json": {
                    city?: string;
                    isDefault?: boolean;
                    landmark?: string | null;
                    latitude?: number | null;
                    line1?: string;
                    line2?: string | null;
                    longitude?: number | null;
                    name?: string;
                    phone?: string;
                    pincode?: string;
                    state?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        area: string | null;
                        city: string;
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        landmark: string | null;
                        latitude: number | null;
                        line1: string;
                        line2: string | null;
                        longitude: number | null;
                        name: string;
                        phone: string;
                        pincode: string;
                        serviceable: boolean;
                        state: string;
                        updatedAt: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-cancelDebit": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idempotencyKey?: string;
                    maxAmount: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkout: {
                            amount: number;
                            /** @constant */
                            currency: "INR";
                            customerId: string | null;
                            description: string;
                            gatewayOrderId: string;
                            keyId: string | null;
                            /** @enum {string} */
                            mode: "razorpay" | "test";
                        };
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        };
                        replayed: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-testComplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gatewayOrderId: string;
                    /** @enum {string} */
                    outcome: "success" | "failure";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    razorpay_order_id: string;
                    razorpay_payment_id: string;
                    razorpay_signature: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paused: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-testDebits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    debits: "success" | "failure" | "decline_later";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lines: {
                            available: boolean;
                            freeUnitPrice: number;
                            id: string;
                            image: string;
                            isFreeUnit: boolean;
                            lineTotal: number;
                            name: string;
                            priceChanged: boolean;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            shownPrice: number | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        updatedAt: string | null;
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart-put": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lines: {
                            available: boolean;
                            freeUnitPrice: number;
                            id: string;
                            image: string;
                            isFreeUnit: boolean;
                            lineTotal: number;
                            name: string;
                            priceChanged: boolean;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            shownPrice: number | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        updatedAt: string | null;
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "cart-merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                    /** Format: uuid */
                    mergeId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lines: {
                            available: boolean;
                            freeUnitPrice: number;
                            id: string;
                            image: string;
                            isFreeUnit: boolean;
                            lineTotal: number;
                            name: string;
                            priceChanged: boolean;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            shownPrice: number | null;
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        updatedAt: string | null;
                        version: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consents: {
                            at: string | null;
                            channel: ("email-signup" | "mobile-signup" | "profile" | "notification-preferences" | "checkout" | "api") | null;
                            given: boolean;
                            notice_version: string | null;
                            /** @enum {string} */
                            purpose: "account" | "whatsapp" | "marketing";
                        }[];
                        history: {
                            at: string;
                            /** @enum {string} */
                            channel: "email-signup" | "mobile-signup" | "profile" | "notification-preferences" | "checkout" | "api";
                            given: boolean;
                            notice_version: string;
                            /** @enum {string} */
                            purpose: "account" | "whatsapp" | "marketing";
                        }[];
                        notice_version: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-updateConsents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account?: boolean;
                    /**
                     * @default api
                     * @enum {string}
                     */
                    channel?: "mobile-signup" | "profile" | "api";
                    marketing?: boolean;
                    notice_version: string;
                    whatsapp?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consents: {
                            at: string | null;
                            channel: ("email-signup" | "mobile-signup" | "profile" | "notification-preferences" | "checkout" | "api") | null;
                            given: boolean;
                            notice_version: string | null;
                            /** @enum {string} */
                            purpose: "account" | "whatsapp" | "marketing";
                        }[];
                        history: {
                            at: string;
                            /** @enum {string} */
                            channel: "email-signup" | "mobile-signup" | "profile" | "notification-preferences" | "checkout" | "api";
                            given: boolean;
                            notice_version: string;
                            /** @enum {string} */
                            purpose: "account" | "whatsapp" | "marketing";
                        }[];
                        notice_version: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "builder-saved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        createdAt: string;
                        id: string;
                        name: string;
                        price: number | null;
                        reason: string | null;
                        recipe: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "builder-save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    recipe: {
                        addIns: {
                            ingredientId: string;
                            portions: number;
                        }[];
                        baseId: string;
                        name?: string;
                        /** @enum {string} */
                        size: "regular" | "large";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        createdAt: string;
                        id: string;
                        name: string;
                        price: number | null;
                        reason: string | null;
                        recipe: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "builder-remove": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-dataAccess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            at: string;
                            screen: string;
                            what: string;
                            who: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-dataExport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        downloadPath: string | null;
                        expiresAt: string | null;
                        readyAt: string | null;
                        requestedAt: string | null;
                        sizeBytes: number | null;
                        /** @enum {string} */
                        status: "none" | "queued" | "ready" | "expired";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-requestDataExport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        downloadPath: string | null;
                        expiresAt: string | null;
                        readyAt: string | null;
                        requestedAt: string | null;
                        sizeBytes: number | null;
                        /** @enum {string} */
                        status: "none" | "queued" | "ready" | "expired";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-deliveries": {
        parameters: {
            query?: {
                days?: number;
                from?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffTime: string;
                        days: {
                            date: string;
                            entries: {
                                items?: {
                                    available: boolean;
                                    id: string;
                                    image: string;
                                    lineTotal: number;
                                    name: string;
                                    quantity: number;
                                    reason: string | null;
                                    recipe?: {
                                        addIns: {
                                            ingredientId: string;
                                            portions: number;
                                        }[];
                                        baseId: string;
                                        name?: string;
                                        /** @enum {string} */
                                        size: "regular" | "large";
                                    };
                                    /** @enum {string} */
                                    type: "signature" | "custom";
                                    unitPrice: number;
                                }[];
                                order?: {
                                    id: string;
                                    number: string;
                                    status: string;
                                };
                                price?: {
                                    deliveryFee: number;
                                    freeUnitDiscount: number;
                                    subtotal: number;
                                    total: number;
                                };
                                reason?: {
                                    code: string;
                                    message: string;
                                };
                                scheduleId: string;
                                /** @enum {string} */
                                state: "planned" | "skipped" | "vacation" | "fixed" | "placed" | "not_placed";
                            }[];
                            instructions?: string;
                            open: boolean;
                            short?: {
                                by: number;
                                topUp: number;
                            };
                            vacationId?: string;
                        }[];
                        from: string;
                        nextCutoffAt: string;
                        schedules: {
                            dropOffNote?: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            price: {
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                        }[];
                        vacations: {
                            from: string;
                            id: string;
                            to: string;
                        }[];
                        wallet: {
                            balance: number;
                            covered: number;
                            due: number;
                            firstShort: string | null;
                            topUpBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-putDay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[] | null;
                    /** Format: uuid */
                    scheduleId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffTime: string;
                        days: {
                            date: string;
                            entries: {
                                items?: {
                                    available: boolean;
                                    id: string;
                                    image: string;
                                    lineTotal: number;
                                    name: string;
                                    quantity: number;
                                    reason: string | null;
                                    recipe?: {
                                        addIns: {
                                            ingredientId: string;
                                            portions: number;
                                        }[];
                                        baseId: string;
                                        name?: string;
                                        /** @enum {string} */
                                        size: "regular" | "large";
                                    };
                                    /** @enum {string} */
                                    type: "signature" | "custom";
                                    unitPrice: number;
                                }[];
                                order?: {
                                    id: string;
                                    number: string;
                                    status: string;
                                };
                                price?: {
                                    deliveryFee: number;
                                    freeUnitDiscount: number;
                                    subtotal: number;
                                    total: number;
                                };
                                reason?: {
                                    code: string;
                                    message: string;
                                };
                                scheduleId: string;
                                /** @enum {string} */
                                state: "planned" | "skipped" | "vacation" | "fixed" | "placed" | "not_placed";
                            }[];
                            instructions?: string;
                            open: boolean;
                            short?: {
                                by: number;
                                topUp: number;
                            };
                            vacationId?: string;
                        }[];
                        from: string;
                        nextCutoffAt: string;
                        schedules: {
                            dropOffNote?: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            price: {
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                        }[];
                        vacations: {
                            from: string;
                            id: string;
                            to: string;
                        }[];
                        wallet: {
                            balance: number;
                            covered: number;
                            due: number;
                            firstShort: string | null;
                            topUpBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-putInstructions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    everyDay?: boolean;
                    note: string;
                    /** Format: uuid */
                    scheduleId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffTime: string;
                        days: {
                            date: string;
                            entries: {
                                items?: {
                                    available: boolean;
                                    id: string;
                                    image: string;
                                    lineTotal: number;
                                    name: string;
                                    quantity: number;
                                    reason: string | null;
                                    recipe?: {
                                        addIns: {
                                            ingredientId: string;
                                            portions: number;
                                        }[];
                                        baseId: string;
                                        name?: string;
                                        /** @enum {string} */
                                        size: "regular" | "large";
                                    };
                                    /** @enum {string} */
                                    type: "signature" | "custom";
                                    unitPrice: number;
                                }[];
                                order?: {
                                    id: string;
                                    number: string;
                                    status: string;
                                };
                                price?: {
                                    deliveryFee: number;
                                    freeUnitDiscount: number;
                                    subtotal: number;
                                    total: number;
                                };
                                reason?: {
                                    code: string;
                                    message: string;
                                };
                                scheduleId: string;
                                /** @enum {string} */
                                state: "planned" | "skipped" | "vacation" | "fixed" | "placed" | "not_placed";
                            }[];
                            instructions?: string;
                            open: boolean;
                            short?: {
                                by: number;
                                topUp: number;
                            };
                            vacationId?: string;
                        }[];
                        from: string;
                        nextCutoffAt: string;
                        schedules: {
                            dropOffNote?: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            price: {
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                        }[];
                        vacations: {
                            from: string;
                            id: string;
                            to: string;
                        }[];
                        wallet: {
                            balance: number;
                            covered: number;
                            due: number;
                            firstShort: string | null;
                            topUpBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-skip": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    scheduleId?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffTime: string;
                        days: {
                            date: string;
                            entries: {
                                items?: {
                                    available: boolean;
                                    id: string;
                                    image: string;
                                    lineTotal: number;
                                    name: string;
                                    quantity: number;
                                    reason: string | null;
                                    recipe?: {
                                        addIns: {
                                            ingredientId: string;
                                            portions: number;
                                        }[];
                                        baseId: string;
                                        name?: string;
                                        /** @enum {string} */
                                        size: "regular" | "large";
                                    };
                                    /** @enum {string} */
                                    type: "signature" | "custom";
                                    unitPrice: number;
                                }[];
                                order?: {
                                    id: string;
                                    number: string;
                                    status: string;
                                };
                                price?: {
                                    deliveryFee: number;
                                    freeUnitDiscount: number;
                                    subtotal: number;
                                    total: number;
                                };
                                reason?: {
                                    code: string;
                                    message: string;
                                };
                                scheduleId: string;
                                /** @enum {string} */
                                state: "planned" | "skipped" | "vacation" | "fixed" | "placed" | "not_placed";
                            }[];
                            instructions?: string;
                            open: boolean;
                            short?: {
                                by: number;
                                topUp: number;
                            };
                            vacationId?: string;
                        }[];
                        from: string;
                        nextCutoffAt: string;
                        schedules: {
                            dropOffNote?: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            price: {
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                        }[];
                        vacations: {
                            from: string;
                            id: string;
                            to: string;
                        }[];
                        wallet: {
                            balance: number;
                            covered: number;
                            due: number;
                            firstShort: string | null;
                            topUpBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-unskip": {
        parameters: {
            query?: {
                scheduleId?: string;
            };
            header?: never;
            path: {
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cutoffTime: string;
                        days: {
                            date: string;
                            entries: {
                                items?: {
                                    available: boolean;
                                    id: string;
                                    image: string;
                                    lineTotal: number;
                                    name: string;
                                    quantity: number;
                                    reason: string | null;
                                    recipe?: {
                                        addIns: {
                                            ingredientId: string;
                                            portions: number;
                                        }[];
                                        baseId: string;
                                        name?: string;
                                        /** @enum {string} */
                                        size: "regular" | "large";
                                    };
                                    /** @enum {string} */
                                    type: "signature" | "custom";
                                    unitPrice: number;
                                }[];
                                order?: {
                                    id: string;
                                    number: string;
                                    status: string;
                                };
                                price?: {
                                    deliveryFee: number;
                                    freeUnitDiscount: number;
                                    subtotal: number;
                                    total: number;
                                };
                                reason?: {
                                    code: string;
                                    message: string;
                                };
                                scheduleId: string;
                                /** @enum {string} */
                                state: "planned" | "skipped" | "vacation" | "fixed" | "placed" | "not_placed";
                            }[];
                            instructions?: string;
                            open: boolean;
                            short?: {
                                by: number;
                                topUp: number;
                            };
                            vacationId?: string;
                        }[];
                        from: string;
                        nextCutoffAt: string;
                        schedules: {
                            dropOffNote?: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            price: {
                                deliveryFee: number;
                                freeUnitDiscount: number;
                                subtotal: number;
                                total: number;
                            };
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                        }[];
                        vacations: {
                            from: string;
                            id: string;
                            to: string;
                        }[];
                        wallet: {
                            balance: number;
                            covered: number;
                            due: number;
                            firstShort: string | null;
                            topUpBy: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "favorites-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: string;
                        shake: {
                            allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                            calories: number;
                            carbs: number;
                            description: string;
                            fat: number;
                            fibre: number;
                            /** Format: uuid */
                            id: string;
                            image: string;
                            ingredients: string[];
                            inStock: boolean;
                            name: string;
                            price: number;
                            protein: number;
                            slug: string;
                            soldOut: boolean;
                            sortOrder: number;
                            sugar: number;
                            tags: string[];
                            vegan: boolean;
                        };
                        shakeId: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "favorites-add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    shakeId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        id: string;
                        shake: {
                            allergens: ("dairy" | "nuts" | "soy" | "gluten")[];
                            calories: number;
                            carbs: number;
                            description: string;
                            fat: number;
                            fibre: number;
                            /** Format: uuid */
                            id: string;
                            image: string;
                            ingredients: string[];
                            inStock: boolean;
                            name: string;
                            price: number;
                            protein: number;
                            slug: string;
                            soldOut: boolean;
                            sortOrder: number;
                            sugar: number;
                            tags: string[];
                            vegan: boolean;
                        };
                        shakeId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "favorites-remove": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-messages": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            body: string;
                            createdAt: string;
                            deliveries: {
                                at: string;
                                /** @enum {string} */
                                channel: "email" | "whatsapp" | "sms" | "push";
                                /** @enum {string} */
                                status: "queued" | "sent" | "delivered" | "read" | "failed" | "logged";
                                to: string;
                            }[];
                            event: string;
                            id: number;
                            link: string | null;
                            readAt: string | null;
                            title: string;
                        }[];
                        totalCount: number;
                        unread: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    all?: true;
                    ids?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        marked: number;
                        unread: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unread: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kinds: {
                            delivered: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            deliveries: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            order_confirmed: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            out_for_delivery: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            payment_failed: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                        };
                        verifiedMobile: string | null;
                        whatsapp: boolean;
                        whatsappOptInAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-updatePreferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kinds?: {
                        delivered?: {
                            email?: boolean;
                            sms?: boolean;
                            whatsapp?: boolean;
                        };
                        deliveries?: {
                            email?: boolean;
                            sms?: boolean;
                            whatsapp?: boolean;
                        };
                        order_confirmed?: {
                            email?: boolean;
                            sms?: boolean;
                            whatsapp?: boolean;
                        };
                        out_for_delivery?: {
                            email?: boolean;
                            sms?: boolean;
                            whatsapp?: boolean;
                        };
                        payment_failed?: {
                            email?: boolean;
                            sms?: boolean;
                            whatsapp?: boolean;
                        };
                    };
                    whatsapp?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kinds: {
                            delivered: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            deliveries: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            order_confirmed: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            out_for_delivery: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                            payment_failed: {
                                email: boolean;
                                sms: boolean;
                                whatsapp: boolean;
                            };
                        };
                        verifiedMobile: string | null;
                        whatsapp: boolean;
                        whatsappOptInAt: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "orders-history": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orders: {
                            /** Format: uuid */
                            id: string;
                            itemCount: number;
                            itemNames: string[];
                            labels: {
                                cancelReason: string | null;
                                paymentMethod: string;
                                paymentStatus: string;
                                status: string;
                            };
                            number: string;
                            /** @enum {string} */
                            paymentMethod: "razorpay" | "cod" | "free" | "wallet";
                            /** @enum {string} */
                            paymentStatus: "pending" | "completed" | "failed" | "paid" | "successful" | "refunded";
                            placedAt: string;
                            slot: {
                                date: string;
                                endTime: string;
                                /** Format: uuid */
                                id: string;
                                planType: string;
                                startTime: string;
                            };
                            /** @enum {string} */
                            status: "pending_payment" | "confirmed" | "preparing" | "out_for_delivery" | "delivered" | "cancelled";
                            total: number;
                        }[];
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-grievances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        answerDays: number;
                        grievances: {
                            answer: string | null;
                            answeredAt: string | null;
                            askedAt: string;
                            details: string;
                            dueBy: string;
                            id: string;
                            /** @enum {string} */
                            status: "open" | "answered" | "closed";
                            subject: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "privacy-askGrievance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    details: string;
                    subject: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        acknowledged: string;
                        grievance: {
                            answer: string | null;
                            answeredAt: string | null;
                            askedAt: string;
                            details: string;
                            dueBy: string;
                            id: string;
                            /** @enum {string} */
                            status: "open" | "answered" | "closed";
                            subject: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string;
                        email_verified: boolean;
                        has_password: boolean;
                        id: string;
                        mobile: string | null;
                        mobile_verified: boolean;
                        name: string;
                        providers: string[];
                        /** @enum {string} */
                        role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                        updated_at: string;
                        username: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "users-updateProfile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mobile?: string;
                    name?: string;
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string;
                        email_verified: boolean;
                        has_password: boolean;
                        id: string;
                        mobile: string | null;
                        mobile_verified: boolean;
                        name: string;
                        providers: string[];
                        /** @enum {string} */
                        role: "customer" | "admin" | "manager" | "kitchen" | "rider" | "support";
                        updated_at: string;
                        username: string | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-pushSubscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscriptions: {
                            createdAt: string;
                            device: string;
                            endpoint: string;
                            id: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-subscribePush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                    expirationTime?: number | null;
                    keys: {
                        auth: string;
                        p256dh: string;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        device: string;
                        endpoint: string;
                        id: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "notifications-unsubscribePush": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        removed: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "reviews-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    body?: string;
                    /** Format: uuid */
                    orderId: string;
                    rating: number;
                    /** Format: uuid */
                    shakeId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        author: string;
                        body: string;
                        createdAt: string;
                        hidden: boolean;
                        /** Format: uuid */
                        id: string;
                        rating: number;
                        /** Format: uuid */
                        shakeId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "rewards-mine": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        entries: {
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "earn" | "redeem" | "reverse" | "give_back" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                            points: number;
                        }[];
                        pointsToMinimum: number;
                        redeemableNow: number;
                        rules: {
                            maxRedeemPercent: number;
                            minRedeemPoints: number;
                            multiplier: number;
                            pointValue: number;
                            rupeesPerPoint: number;
                        };
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        schedules: {
                            address: {
                                city: string;
                                id: string;
                                line1: string;
                                name: string;
                                pincode: string;
                            } | null;
                            createdAt: string;
                            /** @enum {string} */
                            days: "daily" | "weekdays" | "alternate" | "chosen";
                            daysLabel: string;
                            endDate: string | null;
                            id: string;
                            items: {
                                available: boolean;
                                id: string;
                                image: string;
                                lineTotal: number;
                                name: string;
                                quantity: number;
                                reason: string | null;
                                recipe?: {
                                    addIns: {
                                        ingredientId: string;
                                        portions: number;
                                    }[];
                                    baseId: string;
                                    name?: string;
                                    /** @enum {string} */
                                    size: "regular" | "large";
                                };
                                /** @enum {string} */
                                type: "signature" | "custom";
                                unitPrice: number;
                            }[];
                            nextDate: string | null;
                            slot: {
                                endTime: string;
                                id: string;
                                startTime: string;
                            } | null;
                            startDate: string;
                            /** @enum {string} */
                            status: "active" | "paused" | "ended";
                            weekdays: number[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    addressId: string;
                    /** @enum {string} */
                    days: "daily" | "weekdays" | "alternate" | "chosen";
                    endDate?: string | null;
                    items: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                    /** Format: uuid */
                    slotId: string;
                    startDate: string;
                    weekdays?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: {
                            city: string;
                            id: string;
                            line1: string;
                            name: string;
                            pincode: string;
                        } | null;
                        createdAt: string;
                        /** @enum {string} */
                        days: "daily" | "weekdays" | "alternate" | "chosen";
                        daysLabel: string;
                        endDate: string | null;
                        id: string;
                        items: {
                            available: boolean;
                            id: string;
                            image: string;
                            lineTotal: number;
                            name: string;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        nextDate: string | null;
                        slot: {
                            endTime: string;
                            id: string;
                            startTime: string;
                        } | null;
                        startDate: string;
                        /** @enum {string} */
                        status: "active" | "paused" | "ended";
                        weekdays: number[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-remove": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        effectiveFrom: string;
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-update": {
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
                "application/json": {
                    /** Format: uuid */
                    addressId?: string;
                    /** @enum {string} */
                    days?: "daily" | "weekdays" | "alternate" | "chosen";
                    endDate?: string | null;
                    items?: {
                        id: string;
                        quantity: number;
                        recipe?: {
                            addIns: {
                                ingredientId: string;
                                portions: number;
                            }[];
                            baseId: string;
                            name?: string;
                            /** @enum {string} */
                            size: "regular" | "large";
                        };
                        shownPrice?: number;
                        /** @enum {string} */
                        type: "signature" | "custom";
                    }[];
                    /** Format: uuid */
                    slotId?: string;
                    startDate?: string;
                    /** @enum {string} */
                    status?: "active" | "paused" | "ended";
                    weekdays?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: {
                            city: string;
                            id: string;
                            line1: string;
                            name: string;
                            pincode: string;
                        } | null;
                        createdAt: string;
                        /** @enum {string} */
                        days: "daily" | "weekdays" | "alternate" | "chosen";
                        daysLabel: string;
                        effectiveFrom: string;
                        endDate: string | null;
                        id: string;
                        items: {
                            available: boolean;
                            id: string;
                            image: string;
                            lineTotal: number;
                            name: string;
                            quantity: number;
                            reason: string | null;
                            recipe?: {
                                addIns: {
                                    ingredientId: string;
                                    portions: number;
                                }[];
                                baseId: string;
                                name?: string;
                                /** @enum {string} */
                                size: "regular" | "large";
                            };
                            /** @enum {string} */
                            type: "signature" | "custom";
                            unitPrice: number;
                        }[];
                        nextDate: string | null;
                        slot: {
                            endTime: string;
                            id: string;
                            startTime: string;
                        } | null;
                        startDate: string;
                        /** @enum {string} */
                        status: "active" | "paused" | "ended";
                        weekdays: number[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        hasActiveSubscription: boolean;
                        periodEnd: string | null;
                        plan: {
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            /** Format: uuid */
                            id: string;
                            name: string;
                            pointsMultiplier: number;
                            subscriberSlots: boolean;
                        } | null;
                        remainingFreeUnits: number;
                        status: ("pending_payment" | "active" | "paused" | "cancelled" | "expired") | null;
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        allowed: number;
                        periodEnd: string | null;
                        periodStart: string | null;
                        remaining: number;
                        used: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscriptions: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-autoRenew": {
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
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRenew: boolean;
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPause: boolean;
                        createdAt: string;
                        currentPeriod: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        } | null;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        mandateUrl: string | null;
                        paidThrough: string | null;
                        pausedAt: string | null;
                        pauseUntil: string | null;
                        periodDays: number;
                        /** Format: uuid */
                        planId: string;
                        planName: string;
                        pointsMultiplier: number;
                        price: number;
                        queuedPeriods: number;
                        /** @enum {string} */
                        status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                        statusLabel: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-cancel": {
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
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRenew: boolean;
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPause: boolean;
                        createdAt: string;
                        currentPeriod: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        } | null;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        mandateUrl: string | null;
                        paidThrough: string | null;
                        pausedAt: string | null;
                        pauseUntil: string | null;
                        periodDays: number;
                        /** Format: uuid */
                        planId: string;
                        planName: string;
                        pointsMultiplier: number;
                        price: number;
                        queuedPeriods: number;
                        /** @enum {string} */
                        status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                        statusLabel: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-pause": {
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
                "application/json": {
                    days: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRenew: boolean;
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPause: boolean;
                        createdAt: string;
                        currentPeriod: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        } | null;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        mandateUrl: string | null;
                        paidThrough: string | null;
                        pausedAt: string | null;
                        pauseUntil: string | null;
                        periodDays: number;
                        /** Format: uuid */
                        planId: string;
                        planName: string;
                        pointsMultiplier: number;
                        price: number;
                        queuedPeriods: number;
                        /** @enum {string} */
                        status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                        statusLabel: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-renew": {
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
                "application/json": {
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payment: {
                            amount: number;
                            /** @constant */
                            currency: "INR";
                            description: string;
                            gatewayOrderId: string;
                            keyId: string | null;
                            /** @enum {string} */
                            mode: "razorpay" | "test";
                            prefill: {
                                email: string;
                                name: string;
                            };
                        };
                        replayed: boolean;
                        subscription: {
                            autoRenew: boolean;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            canPause: boolean;
                            createdAt: string;
                            currentPeriod: {
                                allowed: number;
                                end: string;
                                /** Format: uuid */
                                id: string;
                                remaining: number;
                                start: string;
                                used: number;
                            } | null;
                            freeDelivery: boolean;
                            /** @enum {string} */
                            freeUnitRule: "cheapest_signature" | "cheapest_priced";
                            freeUnits: number;
                            /** Format: uuid */
                            id: string;
                            mandateUrl: string | null;
                            paidThrough: string | null;
                            pausedAt: string | null;
                            pauseUntil: string | null;
                            periodDays: number;
                            /** Format: uuid */
                            planId: string;
                            planName: string;
                            pointsMultiplier: number;
                            price: number;
                            queuedPeriods: number;
                            /** @enum {string} */
                            status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                            statusLabel: string;
                            subscriberSlots: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "subscriptions-resume": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRenew: boolean;
                        cancelledAt: string | null;
                        cancelReason: string | null;
                        canPause: boolean;
                        createdAt: string;
                        currentPeriod: {
                            allowed: number;
                            end: string;
                            /** Format: uuid */
                            id: string;
                            remaining: number;
                            start: string;
                            used: number;
                        } | null;
                        freeDelivery: boolean;
                        /** @enum {string} */
                        freeUnitRule: "cheapest_signature" | "cheapest_priced";
                        freeUnits: number;
                        /** Format: uuid */
                        id: string;
                        mandateUrl: string | null;
                        paidThrough: string | null;
                        pausedAt: string | null;
                        pauseUntil: string | null;
                        periodDays: number;
                        /** Format: uuid */
                        planId: string;
                        planName: string;
                        pointsMultiplier: number;
                        price: number;
                        queuedPeriods: number;
                        /** @enum {string} */
                        status: "pending_payment" | "active" | "paused" | "cancelled" | "expired";
                        statusLabel: string;
                        subscriberSlots: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-addVacation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: string;
                    to: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        id: string;
                        to: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "schedules-removeVacation": {
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
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-mine": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        entries: {
                            amount: number;
                            at: string;
                            balanceAfter: number;
                            id: string;
                            /** @enum {string} */
                            kind: "top_up" | "charge" | "release" | "order_refund" | "refund_out" | "adjust";
                            label: string;
                            note: string | null;
                            orderId: string | null;
                            orderNumber: string | null;
                        }[];
                        limits: {
                            maxTopUp: number;
                            minTopUp: number;
                        };
                        refundable: number;
                        totalCount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "autopay-autoRecharge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount?: number;
                    off?: boolean;
                    threshold?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        autoRecharge: {
                            amount: number;
                            threshold: number;
                        } | null;
                        debits: {
                            amount: number;
                            createdAt: string;
                            debitAfter: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            purpose: "wallet_recharge" | "subscription_renewal";
                            /** @enum {string} */
                            status: "notified" | "debiting" | "paid" | "failed" | "cancelled" | "refunded";
                        }[];
                        mandate: {
                            bank: string | null;
                            createdAt: string;
                            /** @constant */
                            frequency: "as presented";
                            /** Format: uuid */
                            id: string;
                            maxAmount: number;
                            /** @enum {string} */
                            status: "pending" | "active" | "paused" | "revoked" | "rejected";
                            validUntil: string;
                        } | null;
                        testDebits: ("success" | "failure" | "decline_later") | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-refundBalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        message: string;
                        refunded: number;
                        refunds: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-topUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        /** @constant */
                        currency: "INR";
                        description: string;
                        gatewayOrderId: string;
                        keyId: string | null;
                        /** @enum {string} */
                        mode: "razorpay" | "test";
                        prefill: {
                            email: string;
                            name: string;
                        };
                        replayed: boolean;
                        topUpId: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-testCompleteTopUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gatewayOrderId: string;
                    /** @enum {string} */
                    outcome: "success" | "failure";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        credited: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    "wallet-verifyTopUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    razorpay_order_id: string;
                    razorpay_payment_id: string;
                    razorpay_signature: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        credited: boolean;
                        message: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
