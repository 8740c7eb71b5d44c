import type { SiteDto, StakeType } from '@frenly/contracts';
import { BadgeCheckIcon, LeafIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FrenlinessBadge } from '../../../components/frenliness-badge';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group';
import { serverMessage } from '../../../api/http-error';
import { reportMutationFailure } from '../../../lib/mutation-errors';
import { useAuth } from '../../auth/use-auth';
import { formatBamboo } from '../../auth/user-names';
import { toast } from '../../toasts/toast-store';
import { usePlaceStakeMutation } from '../ledger.api';
import { BambooExplainer } from './bamboo-explainer';
import {
  buildStakeRequest,
  coerceStakeAmount,
  DEFAULT_STAKE_AMOUNT,
  DEFAULT_STAKE_TYPE,
  STAKE_FAILED_FALLBACK,
  STAKE_MESSAGE_MAX,
  STAKE_MIN_AMOUNT,
  stakeMaxAttribute,
  stakeRejection,
  stakeSuccessToast,
  typedStakeAmount,
} from '../stake-rules';

export type StakeTarget = Pick<SiteDto, 'id' | 'domain' | 'frenlinessScore' | 'isVerified'>;

interface StakeDialogProps {
  site: StakeTarget | null;
  onOpenChange: (open: boolean) => void;
}

/** "Stake Your Bamboo": open while `site` is set; closes on success or cancel (spec §4). */
export function StakeDialog({ site, onOpenChange }: StakeDialogProps) {
  return (
    <Dialog open={site !== null} onOpenChange={onOpenChange}>
      {site && (
        <DialogContent>
          {/* Keyed by site so that every opening starts from the defaults. */}
          <StakeForm key={site.id} site={site} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function StakeForm({ site, onDone }: { site: StakeTarget; onDone: () => void }) {
  const { user } = useAuth();
  const [amountText, setAmountText] = useState(String(DEFAULT_STAKE_AMOUNT));
  const [type, setType] = useState<StakeType>(DEFAULT_STAKE_TYPE);
  const [message, setMessage] = useState('');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [placeStake, { isLoading }] = usePlaceStakeMutation();
  const ids = { amount: useId(), message: useId(), counter: useId(), type: useId() };
  const amount = coerceStakeAmount(amountText);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rejection = stakeRejection(typedStakeAmount(amountText), user);
    if (rejection) {
      toast(rejection);
      // Coerced only now, not on blur: a click on "Stake Bamboo" blurs the field first, which
      // would turn a typed 0 into 1 and stake it. The field shows the coerced amount, so a
      // second submit knowingly stakes it.
      setAmountText(String(amount));
      return;
    }
    try {
      await placeStake({
        body: buildStakeRequest(site.id, amount, type, message),
        idempotencyKey,
      }).unwrap();
      toast(stakeSuccessToast(amount, site.domain));
      onDone();
    } catch (error) {
      reportMutationFailure(error, {
        title: 'Staking Failed',
        description: serverMessage(error) ?? STAKE_FAILED_FALLBACK,
      });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>Stake Your Bamboo</DialogTitle>
        <DialogDescription>
          Back this site with bamboo, or raise a concern about it.
        </DialogDescription>
      </DialogHeader>
      <BambooExplainer className="mb-4" />

      <div className="mb-5 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{site.domain}</span>
        {site.frenlinessScore !== null ? (
          <FrenlinessBadge score={site.frenlinessScore} />
        ) : (
          <Badge tone="neutral">Not yet analysed</Badge>
        )}
        {site.isVerified && (
          <Badge tone="verified">
            <BadgeCheckIcon aria-hidden="true" />
            Verified
          </Badge>
        )}
      </div>

      <div className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={ids.amount}>Stake Amount</Label>
          <Input
            id={ids.amount}
            type="number"
            inputMode="numeric"
            min={STAKE_MIN_AMOUNT}
            max={stakeMaxAttribute(user)}
            step={1}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
          />
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <LeafIcon aria-hidden="true" className="size-4 text-emerald-700" />
            Available: {formatBamboo(user?.bambooBalance ?? 0)} Bamboo
          </p>
        </div>

        <fieldset className="grid gap-2">
          <legend id={ids.type} className="mb-2 text-sm font-medium text-slate-800">
            Stake Type
          </legend>
          <RadioGroup
            aria-labelledby={ids.type}
            value={type}
            onValueChange={(value) => setType(value as StakeType)}
            className="grid-cols-2"
          >
            <StakeTypeOption value="support" label="Support" hint="This site treats people well" />
            <StakeTypeOption value="concern" label="Concern" hint="Something here worries me" />
          </RadioGroup>
        </fieldset>

        <div className="grid gap-2">
          <Label htmlFor={ids.message}>
            Message <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Textarea
            id={ids.message}
            maxLength={STAKE_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value.slice(0, STAKE_MESSAGE_MAX))}
            aria-describedby={ids.counter}
            placeholder="Why are you staking on this site?"
            rows={3}
          />
          <p id={ids.counter} className="text-right text-xs text-slate-600">
            {message.length}/{STAKE_MESSAGE_MAX} characters
          </p>
        </div>
      </div>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Staking...' : 'Stake Bamboo'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function StakeTypeOption({
  value,
  label,
  hint,
}: {
  value: StakeType;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 p-3 has-[[data-state=checked]]:border-emerald-600 has-[[data-state=checked]]:bg-emerald-50/60"
    >
      <RadioGroupItem id={id} value={value} className="mt-0.5" />
      <span className="grid gap-0.5">
        <span className="text-sm font-medium text-slate-900">{label}</span>
        <span className="text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
