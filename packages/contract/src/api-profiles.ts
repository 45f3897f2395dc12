import { householdProfile, pinChange, profileCreate, profileEdit, profileLanguages, profileSelect, profilesAnswer } from './profiles';
import { idParams, message } from './common';
import { endpoint } from './endpoint';

/** Household profiles: who is watching on an account, their limits and the account's PIN (bearer). */
export const profileEndpoints = {
  profiles: endpoint({
    method: 'GET',
    path: '/user/profiles',
    summary: "The account's profiles and the one this session watches as (null until chosen, with several)",
    tags: ['profiles'],
    auth: 'bearer',
    response: profilesAnswer,
  }),
  profileCreate: endpoint({
    method: 'POST',
    path: '/user/profiles',
    summary: 'Add a profile (at most 5; not from a kids or age-limited profile)',
    tags: ['profiles'],
    auth: 'bearer',
    body: profileCreate,
    response: householdProfile,
  }),
  profileEdit: endpoint({
    method: 'PUT',
    path: '/user/profiles/:id',
    summary: 'Change a profile (not from a kids or age-limited profile)',
    tags: ['profiles'],
    auth: 'bearer',
    params: idParams,
    body: profileEdit,
    response: householdProfile,
  }),
  profileDelete: endpoint({
    method: 'DELETE',
    path: '/user/profiles/:id',
    summary: "Remove a profile with its watchlist and progress (not the last one, nor the session's own)",
    tags: ['profiles'],
    auth: 'bearer',
    params: idParams,
    response: message,
  }),
  profileSelect: endpoint({
    method: 'POST',
    path: '/user/profiles/:id/select',
    summary: "Watch as this profile on this session; the account's PIN is needed to leave a kids profile or to open one that requires it (rate-limited)",
    tags: ['profiles'],
    auth: 'bearer',
    params: idParams,
    body: profileSelect,
    response: profilesAnswer,
  }),
  profilePin: endpoint({
    method: 'PUT',
    path: '/user/profile-pin',
    summary: "Set, change or remove the account's 4-digit PIN (the PIN in force is needed to change it)",
    tags: ['profiles'],
    auth: 'bearer',
    body: pinChange,
    response: message,
  }),
  profileLanguages: endpoint({
    method: 'PUT',
    path: '/user/profile-languages',
    summary: 'Remember the audio and subtitle languages the current profile chose in the player',
    tags: ['profiles'],
    auth: 'bearer',
    body: profileLanguages,
    response: householdProfile,
  }),
} as const;
