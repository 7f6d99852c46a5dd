import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure, publicProcedure } from '../../trpc/procedures';
import { OkSchema } from '../../../shared/schemas/common';
import {
  AdminSlotsOverviewSchema,
  AdminPincodeSchema,
  AdminSlotCreateInput,
  AdminSlotSchema,
  AdminSlotUpdateInput,
  AvailableSlotsInput,
  AvailableSlotsSchema,
  BlackoutAddInput,
  BlackoutDateInput,
  BlackoutDateSchema,
  DeliverySlotSchema,
  PincodeAddInput,
  PincodeKeyInput,
  PincodeLookupInput,
  PincodeLookupSchema,
  PincodeUpdateInput,
  KitchenLocationInputSchema,
  KitchenLocationSchema,
  SlotConfigSchema,
  SlotsByDateInput,
} from '../../../shared/schemas/slots';
import * as delivery from './slots.service';
import * as admin from './slots-admin.service';

const tags = ['slots'];
const adminTags = ['admin', 'slots'];

const deliveryAdminRouter = router({
  overview: staffProcedure('delivery:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/delivery-slots',
        tags: adminTags,
        summary: 'Slots, configuration, blackout dates and each day’s fill (booked/max) for the booking window',
      },
    })
    .input(z.void())
    .output(AdminSlotsOverviewSchema)
    .query(({ ctx }) => admin.overview(ctx.deps)),

  createSlot: staffProcedure('delivery:write')
    .meta({ openapi: { method: 'POST', path: '/admin/delivery-slots', tags: adminTags, summary: 'Create a delivery slot' } })
    .input(AdminSlotCreateInput)
    .output(AdminSlotSchema)
    .mutation(({ ctx, input }) => admin.createSlot(ctx.deps, ctx.user, input)),

  updateSlot: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/delivery-slots/{id}',
        tags: adminTags,
        summary: 'Change a slot’s times, capacity, plan type, order, or disable it (existing bookings stay)',
      },
    })
    .input(AdminSlotUpdateInput)
    .output(AdminSlotSchema)
    .mutation(({ ctx, input }) => admin.updateSlot(ctx.deps, ctx.user, input)),

  addBlackout: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/delivery-slots/blackout-dates',
        tags: adminTags,
        summary: 'Close a whole day for deliveries, with a reason (or change the reason)',
      },
    })
    .input(BlackoutAddInput)
    .output(BlackoutDateSchema)
    .mutation(({ ctx, input }) => admin.addBlackout(ctx.deps, ctx.user, input)),

  removeBlackout: staffProcedure('delivery:write')
    .meta({
      openapi: { method: 'DELETE', path: '/admin/delivery-slots/blackout-dates/{date}', tags: adminTags, summary: 'Reopen a blackout day' },
    })
    .input(BlackoutDateInput)
    .output(OkSchema)
    .mutation(({ ctx, input }) => admin.removeBlackout(ctx.deps, ctx.user, input)),

  pincodes: staffProcedure('delivery:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/delivery-slots/pincodes',
        tags: adminTags,
        summary: 'All PIN codes on the delivery list, active or not',
      },
    })
    .input(z.void())
    .output(z.array(AdminPincodeSchema))
    .query(({ ctx }) => admin.listPincodes(ctx.deps)),

  addPincode: staffProcedure('delivery:write')
    .meta({
      openapi: { method: 'POST', path: '/admin/delivery-slots/pincodes', tags: adminTags, summary: 'Start delivering to a PIN code' },
    })
    .input(PincodeAddInput)
    .output(AdminPincodeSchema)
    .mutation(({ ctx, input }) => admin.addPincode(ctx.deps, ctx.user, input)),

  updatePincode: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/delivery-slots/pincodes/{pincode}',
        tags: adminTags,
        summary: 'Rename a PIN code’s area or switch it on/off',
      },
    })
    .input(PincodeUpdateInput)
    .output(AdminPincodeSchema)
    .mutation(({ ctx, input }) => admin.updatePincode(ctx.deps, ctx.user, input)),

  removePincode: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/delivery-slots/pincodes/{pincode}',
        tags: adminTags,
        summary: 'Remove a PIN code from the delivery list',
      },
    })
    .input(PincodeKeyInput)
    .output(OkSchema)
    .mutation(({ ctx, input }) => admin.removePincode(ctx.deps, ctx.user, input)),

  updateConfig: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/slot-configuration',
        tags: adminTags,
        summary: 'Set the booking horizon (days ahead) and the cut-off (minutes before a slot starts)',
      },
    })
    .input(SlotConfigSchema)
    .output(SlotConfigSchema)
    .mutation(({ ctx, input }) => admin.updateSlotConfig(ctx.deps, ctx.user, input)),

  kitchenLocation: staffProcedure('delivery:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/kitchen-location',
        tags: adminTags,
        summary: 'Where the riders start: the kitchen’s pin, the first point of every run’s route (the demo farm until set)',
      },
    })
    .input(z.void())
    .output(KitchenLocationSchema)
    .query(({ ctx }) => delivery.kitchenLocation(ctx.deps.db)),

  updateKitchenLocation: staffProcedure('delivery:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/kitchen-location',
        tags: adminTags,
        summary: 'Set the kitchen’s pin (a point in India); the riders’ routes start there from the next read (audited)',
      },
    })
    .input(KitchenLocationInputSchema)
    .output(KitchenLocationSchema)
    .mutation(({ ctx, input }) => admin.updateKitchenLocation(ctx.deps, ctx.user, input)),
});

export const slotsRouter = router({
  pincode: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/delivery/pincodes/{pincode}', tags, summary: 'Do we deliver to this PIN code?', protect: false },
    })
    .input(PincodeLookupInput)
    .output(PincodeLookupSchema)
    .query(({ ctx, input }) => delivery.lookupPincode(ctx.deps, input.pincode)),

  slotsByDate: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/delivery-slots/date/{date}',
        tags,
        summary: 'Slots for a date and plan type, with bookings and whether each can still be booked',
        protect: false,
      },
    })
    .input(SlotsByDateInput)
    .output(z.array(DeliverySlotSchema))
    .query(({ ctx, input }) => delivery.slotsForDate(ctx.deps, input)),

  available: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/delivery-slots/available',
        tags,
        summary: 'The next days (default 7) with their slots and free capacity',
        protect: false,
      },
    })
    .input(AvailableSlotsInput)
    .output(AvailableSlotsSchema)
    .query(({ ctx, input }) => delivery.availableSlots(ctx.deps, input)),

  config: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/slot-configuration',
        tags,
        summary: 'Booking horizon and cut-off (shoppers see "order at least 90 minutes ahead")',
        protect: false,
      },
    })
    .input(z.void())
    .output(SlotConfigSchema)
    .query(({ ctx }) => delivery.getSlotConfig(ctx.deps)),

  admin: deliveryAdminRouter,
});
